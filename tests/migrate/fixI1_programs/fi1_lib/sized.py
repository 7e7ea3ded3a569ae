import numpy as np
import tensorflow.compat.v1 as tf


def make_placeholders(shape, row_shape=None, name=""):
    """Two placeholders: rows and their labels."""
    if row_shape is None:
        row_shape = shape
    rows = tf.placeholder(tf.float32, shape=row_shape, name="rows" + name)
    labels = tf.placeholder(tf.int64, shape=shape[:1], name="labels" + name)
    return rows, labels



def make_queue(shape, capacity=8):
    queue = tf.FIFOQueue(capacity, [tf.float32, tf.int64], shapes=[shape[1:], []])
    return queue



def chunk(k):
    rows = np.arange(6 * k, 6 * k + 6, dtype=np.float32).reshape(3, 2)
    return rows, np.arange(3, dtype=np.int64) + 10 * k
