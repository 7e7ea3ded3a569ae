"""Helpers of the r15_left programs, one module per stage, and one batch helper in the package itself."""

import tensorflow.compat.v1 as tf


def batch_rows(a, b, label, batch_size, capacity=64):
    return tf.train.batch([a, b, label], batch_size=batch_size, capacity=capacity, allow_smaller_final_batch=True)
