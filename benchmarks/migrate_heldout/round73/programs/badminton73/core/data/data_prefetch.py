# -*- coding: utf-8 -*-
import tensorflow.compat.v1 as tf


def generate_batch(data, inputs, batch_size, shuffle):
    """ inputs: the tensors of one sample. """
    if shuffle:
        return tf.train.shuffle_batch(
            tensors=inputs, batch_size=batch_size, capacity=batch_size * 4,
            min_after_dequeue=batch_size * 2, num_threads=2)
    return tf.train.batch(
        tensors=inputs, batch_size=batch_size, capacity=batch_size * 4, num_threads=1)
