"""Reads the fixed-length record files: a 4-byte header, then records of two little-endian int32 fields."""

import tensorflow.compat.v1 as tf

HEADER_BYTES = 4
FIELD_BYTES = 4
NUM_FIELDS = 2


class FixedRecord(object):
    """What one read gives: the record key, its id and its value."""
    pass


def read_fixed(filename_queue):
    """Reads one record from the files of `filename_queue`; returns a FixedRecord."""
    result = FixedRecord()
    result.num_fields = NUM_FIELDS
    record_bytes = FIELD_BYTES * result.num_fields

    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=HEADER_BYTES)
    result.key, value = reader.read(filename_queue)

    fields = tf.decode_raw(value, tf.int32)
    result.ident = tf.reshape(tf.strided_slice(fields, [0], [1]), [])
    result.value = tf.reshape(tf.strided_slice(fields, [1], [2]), [])
    return result
