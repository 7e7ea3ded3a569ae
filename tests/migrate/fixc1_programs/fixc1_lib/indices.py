"""A shuffled index, one per run, from a `range_input_producer` made by a function of a package module."""
import tensorflow.compat.v1 as tf


def shuffled_index(n, seed):
    indices = tf.train.range_input_producer(n, shuffle=True, seed=seed)
    index = indices.dequeue()
    return index
