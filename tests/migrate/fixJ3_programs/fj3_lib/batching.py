import tensorflow.compat.v1 as tf


def make_batch(inputs, size, shuffle):
    if shuffle:
        return tf.train.shuffle_batch(inputs, batch_size=size, capacity=size * 4, min_after_dequeue=size,
                                      num_threads=2, seed=5)
    return tf.train.batch(inputs, batch_size=size, capacity=size * 4, num_threads=1)
