"""Queue helpers of the package: a shuffle stage that returns its queue's dequeue, and a batch wrapper."""

import tensorflow.compat.v1 as tf


def shuffle(tensors, capacity=16, min_after_dequeue=2, num_threads=1, dtypes=None, shapes=None, seed=None,
        shared_name=None, name="shuffle"):
    """The tensors through a RandomShuffleQueue run by its own QueueRunner; the dequeue op."""
    tensors = list(tensors)
    with tf.name_scope(name, values=tensors):
        dtypes = dtypes or [t.dtype for t in tensors]
        shapes = shapes or [t.get_shape() for t in tensors]
        queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue, dtypes=dtypes,
                                      shapes=shapes, seed=seed, shared_name=shared_name, name="mix_queue")
        enqueue = queue.enqueue(tensors)
        runner = tf.train.QueueRunner(queue, [enqueue] * num_threads)
        tf.train.add_queue_runner(runner)
        return queue.dequeue()


def make_batch(tensors, batch_size, capacity=32):
    with tf.name_scope("make_batch"):
        return tf.train.batch(tensors, batch_size=batch_size, capacity=capacity, num_threads=1)
