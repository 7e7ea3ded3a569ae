"""How examples are grouped: a dict batched in a name scope, and a list batched or shuffled by a flag."""

import tensorflow.compat.v1 as tf

DEFAULT_BATCH_SIZE = 40


def make_batch(example, batch_size=DEFAULT_BATCH_SIZE, capacity_batches=2):
    with tf.name_scope("batching"):
        return tf.train.batch(example, batch_size=batch_size, num_threads=1,
                              capacity=capacity_batches * batch_size, allow_smaller_final_batch=True)


def batch_examples(image, label, batch_size, shuffle):
    if shuffle:
        images, labels = tf.train.shuffle_batch([image, label], batch_size=batch_size, capacity=100,
                                                min_after_dequeue=20, seed=3)
    else:
        images, labels = tf.train.batch([image, label], batch_size=batch_size, allow_smaller_final_batch=True)
    return images, labels
