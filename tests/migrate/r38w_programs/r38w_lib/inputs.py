import tensorflow as tf
from r38w_lib.records import read_example


def ordered_batches(size):
    return tf.compat.v1.train.batch([*read_example()], size, capacity=20)


def mixed_batches(size):
    images, labels, weights = tf.compat.v1.train.shuffle_batch(tuple(read_example()), size, 20, 4)
    return images, labels, weights
