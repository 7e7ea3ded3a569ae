"""How examples are grouped for the trainer."""

import tensorflow.compat.v1 as tf

DEFAULT_BATCH_SIZE = 40


def make_batch(example, batch_size=DEFAULT_BATCH_SIZE, capacity_batches=2):
    with tf.name_scope("batching"):
        return tf.train.batch(example, batch_size=batch_size, num_threads=1,
                              capacity=capacity_batches * batch_size, allow_smaller_final_batch=True)
