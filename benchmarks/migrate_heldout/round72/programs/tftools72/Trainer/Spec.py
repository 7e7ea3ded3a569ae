import tensorflow.compat.v1 as tf


def feature_spec():
  return {
    'user': tf.FixedLenFeature([], tf.int64),
    'song': tf.FixedLenFeature([], tf.int64),
    'listen_secs': tf.FixedLenFeature([], tf.float32),
    'label': tf.FixedLenFeature([], tf.int64),
  }
