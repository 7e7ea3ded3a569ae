import tensorflow.compat.v1 as tf


def make_batch(value, batch_size):
    return tf.train.batch([value], batch_size=batch_size)
