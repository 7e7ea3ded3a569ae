import tensorflow.compat.v1 as tf
from .layers import *  # (rebinds `tf` to layers' own)


def read_value(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"v": tf.FixedLenFeature([], tf.int64)})
    return leaky(tf.cast(parsed["v"], tf.float32))
