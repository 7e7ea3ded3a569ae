"""CIFAR-style reader of fixed-length binary records: a record object filled field by field."""

import tensorflow.compat.v1 as tf

HEADER_BYTES = 4
FIELD_BYTES = 4
FIELDS = 2


class PairRecord(object):
    pass


def read_pair(filename_queue):
    result = PairRecord()
    record_bytes = FIELD_BYTES * FIELDS
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=HEADER_BYTES)
    result.key, value = reader.read(filename_queue)
    fields = tf.decode_raw(value, tf.int32)
    result.index = tf.reshape(tf.strided_slice(fields, [0], [1]), [])
    result.triple = tf.reshape(tf.strided_slice(fields, [1], [2]), [])
    result.ratio = tf.cast(result.triple, tf.float32) / 3.0
    return result
