"""A reader helper handed its file queue by a caller of another module."""
import tensorflow.compat.v1 as tf


def lines_of(queue):
    reader = tf.TextLineReader()
    _, line = reader.read(queue)
    idx, weight, kind = tf.decode_csv(line, [[0], [0.0], [0]])
    return idx, weight + tf.cast(kind, tf.float32)
