"""A reader helper whose reader's keyword arguments come from its caller in another module."""
import tensorflow.compat.v1 as tf


def read_example(filename_queue, reader_kwargs=None):
    reader = tf.TFRecordReader(**(reader_kwargs or {}))
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([], tf.int64)})
    return parsed['x']
