from tensorflow.compat.v1.train import shuffle_batch

from r32t_lib import tools as tf


def shuffled(features, labels, batch_size):
    return shuffle_batch([features, labels], batch_size, capacity=tf.capacity(batch_size), min_after_dequeue=2)
