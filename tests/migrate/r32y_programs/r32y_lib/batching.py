import tensorflow as tf
from tensorflow.compat.v1 import train

assert tf.__version__  # (the module imports tensorflow too)


def make_batch(features, labels, batch_size, shuffle, min_after_dequeue=3):
    if shuffle:
        features, labels = train.shuffle_batch([features, labels], batch_size,
                                               capacity=min_after_dequeue + 2 * batch_size,
                                               min_after_dequeue=min_after_dequeue)
        return features, labels
    features, labels = train.batch([features, labels], batch_size, capacity=2 * batch_size)
    return features, labels
