"""Utilities for input pipelines."""

import tensorflow.compat.v1 as tf


def shuffle(tensors,
            capacity=32,
            min_after_dequeue=64,
            num_threads=1,
            dtypes=None,
            shapes=None,
            seed=None,
            shared_name=None,
            name='shuffle'):
    """Wrapper around a `tf.RandomShuffleQueue` creation.

    Return a dequeue op that dequeues elements from `tensors` in a
    random order, through a `tf.RandomShuffleQueue` -- see for further
    documentation.

    Arguments:
      tensors: an iterable of tensors.
      capacity: (Optional) the capacity of the queue; default value set to 32.
      num_threads: (Optional) the number of threads to be used fo the queue runner;
        default value set to 1.
      min_after_dequeue: (Optional) minimum number of elements to remain in the
        queue after a `dequeue` or `dequeu_many` has been performend,
        in order to ensure better mixing of elements; default value set to 64.
      dtypes: (Optional) list of `DType` objects, one for each tensor in `tensors`;
        if not provided, will be inferred from `tensors`.
      shapes: (Optional) list of shapes, one for each tensor in `tensors`.
      seed: (Optional) seed for random shuffling.
      shared_name: (Optional) If non-empty, this queue will be shared under
        the given name across multiple sessions.
      name: Optional name scope for the ops.

    Returns:
      The tuple of tensors that was randomly dequeued from `tensors`.
    """

    tensors = list(tensors)
    with tf.name_scope(name, values=tensors):
        dtypes = dtypes or list([t.dtype for t in tensors])
        shapes = shapes or list([t.get_shape() for t in tensors])
        queue = tf.RandomShuffleQueue(
            seed=seed,
            shared_name=shared_name,
            name='random_shuffle_queue',
            dtypes=dtypes,
            shapes=shapes,
            capacity=capacity,
            min_after_dequeue=min_after_dequeue)
        enqueue = queue.enqueue(tensors)
        runner = tf.train.QueueRunner(queue, [enqueue] * num_threads)
        tf.train.add_queue_runner(runner)
        dequeue = queue.dequeue()
        return dequeue


def batch(tensors, batch_size, capacity=32, num_threads=1, name='batch'):
    """Wrapper around `tf.train.batch`, with the project's defaults."""
    with tf.name_scope(name):
        return tf.train.batch(tensors, batch_size=batch_size, capacity=capacity,
                              num_threads=num_threads)
