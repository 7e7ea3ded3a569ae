"""The prefetch helper in a module of its own: an inline enqueue op in the runner, its count a parameter the
callers (other modules) pass."""
import tensorflow.compat.v1 as tf


def prefetch_pair(first, second, num_threads=4):
  queue = tf.FIFOQueue(capacity=16, dtypes=[tf.string, tf.int64])
  tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue([first, second])] * num_threads))
  return queue.dequeue()
