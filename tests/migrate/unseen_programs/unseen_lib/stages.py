"""A project's queue-stage helper: a RandomShuffleQueue with its own QueueRunner, returning the dequeue."""

import tensorflow.compat.v1 as tf


def shuffle(tensors, capacity=16, min_after_dequeue=2, seed=None, name="shuffle"):
    tensors = list(tensors)
    with tf.name_scope(name, values=tensors):
        queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue, seed=seed,
                                      dtypes=[t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors])
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue(tensors)]))
        return queue.dequeue()


def batch(tensors, batch_size):
    """The project's batch wrapper."""
    return tf.train.batch(tensors, batch_size=batch_size, capacity=16)
