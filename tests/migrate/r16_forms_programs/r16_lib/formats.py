"""Reader functions, one per file format; each takes the filename queue."""

import tensorflow.compat.v1 as tf

RECORD_BYTES = 8
HEADER_BYTES = 4


def read_fixed(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    _, value = reader.read(filename_queue)
    fields = tf.decode_raw(value, tf.int32)
    fields.set_shape([2])
    return fields[0] * 3, fields[1] % 5


def read_table(filename_queue):
    _, line = tf.TextLineReader(skip_header_lines=1).read(filename_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return a - b, label
