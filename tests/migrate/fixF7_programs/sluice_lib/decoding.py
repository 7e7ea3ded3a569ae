import tensorflow.compat.v1 as tf

SPEC = {"n": tf.FixedLenFeature([], tf.int64), "v": tf.FixedLenFeature([], tf.float32)}


def decode(record):
    return tf.parse_single_example(record, SPEC)
