"""One reader function per file format; each takes the filename queue and returns `(value, label)`."""

import tensorflow.compat.v1 as tf

RECORD_BYTES = 8
HEADER_BYTES = 4


def read_fixed(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    _, value = reader.read(filename_queue)
    fields = tf.decode_raw(value, tf.int32)
    fields.set_shape([2])
    return tf.cast(fields[0], tf.float32) / 10.0, fields[1] % 7


def read_csv(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return a + b, label
