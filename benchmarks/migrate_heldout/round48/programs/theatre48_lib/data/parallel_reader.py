"""Reads from several data sources with one or more readers into a common queue."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


def parallel_read(data_sources,
                  reader_class,
                  num_epochs=None,
                  num_readers=4,
                  reader_kwargs=None,
                  shuffle=True,
                  dtypes=None,
                  capacity=256,
                  min_after_dequeue=128,
                  seed=None,
                  scope=None):
  """Reads multiple records in parallel from data_sources using n readers.

  Returns:
    key, value: a string tensor pair from the common queue.
  """
  with tf.name_scope(scope, 'parallel_read'):
    filename_queue = tf.train.string_input_producer(
        data_sources, num_epochs=num_epochs, shuffle=shuffle, seed=seed,
        name='filenames')
    dtypes = dtypes or [tf.string, tf.string]
    if shuffle:
      common_queue = tf.RandomShuffleQueue(
          capacity=capacity, min_after_dequeue=min_after_dequeue, dtypes=dtypes,
          seed=seed, name='common_queue')
    else:
      common_queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes, name='common_queue')

    reader_kwargs = reader_kwargs or {}
    enqueue_ops = []
    for _ in range(num_readers):
      reader = reader_class(**reader_kwargs)
      enqueue_ops.append(common_queue.enqueue(reader.read(filename_queue)))
    tf.train.queue_runner.add_queue_runner(
        tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
    return common_queue.dequeue(name='dequeue')
