"""A stereo pair reader of its own module: takes the filename queue, reads a fixed-length record, decodes the
left and right values."""

import tensorflow.compat.v1 as tf

RECORD = 8


def read_pair(filename_queue):
    _, raw = tf.FixedLengthRecordReader(record_bytes=RECORD, header_bytes=4).read(filename_queue)
    values = tf.decode_raw(raw, tf.int32)
    return values[0] * 3, values[1] - 1
