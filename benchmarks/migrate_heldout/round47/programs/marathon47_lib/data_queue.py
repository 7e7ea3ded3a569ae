from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf
import threading


class DataQueue(object):

  def __init__(self, placeholder_dict, seed=None):
    """Here, placeholder_dict is an OrderedDict."""
    placeholders = list(placeholder_dict.values())
    shapes = [placeholder.get_shape()[1:].as_list() for placeholder in placeholders]
    types = [placeholder.dtype for placeholder in placeholders]
    self.queue = tf.RandomShuffleQueue(shapes=shapes, dtypes=types, capacity=20, min_after_dequeue=4,
                                       seed=seed)
    self.enqueue_op = self.queue.enqueue_many(placeholders)
    self.close_op = self.queue.close()
    self.placeholders = placeholders

  def thread_main(self, sess, data_iterator):
    for data in data_iterator:
      sess.run(self.enqueue_op, feed_dict=dict(zip(self.placeholders, data)))
    sess.run(self.close_op)

  def start_thread(self, sess, data_iterator):
    thread = threading.Thread(target=self.thread_main, args=(sess, data_iterator))
    thread.daemon = True
    thread.start()
    return thread

  def dequeue(self, batch_size):
    return self.queue.dequeue_many(batch_size)
