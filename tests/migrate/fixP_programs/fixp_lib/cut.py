import tensorflow.compat.v1 as tf


def cut(cols, length, count):
    return [tf.reshape(cols[i * length:(i + 1) * length], [length, 1]) for i in range(count)]
