from __future__ import print_function, division
import numpy as np
import tensorflow as tf
import threading
import os
import logging


class Config():
  seed = 38
  n_class = 2
  dt = 0.25                 # hours between stage readings
  nt = 6
  X_shape = [6, 2]          # stage, discharge
  Y_shape = [6]             # flood flag per step
  queue_size = 16
  use_seed = False


class DataReader(object):

  def __init__(self,
               gauge_dir,
               gauge_list,
               queue_size,
               coord,
               config=Config()):
    self.config = config
    with open(gauge_list) as f:
      self.gauge = [line.strip() for line in f if line.strip()][1:]   # header line
    self.n_gauge = len(self.gauge)
    self.gauge_dir = gauge_dir
    self.X_shape = config.X_shape
    self.Y_shape = config.Y_shape
    self.coord = coord
    self.threads = []
    self.queue_size = queue_size
    self.add_placeholder()
    self.add_queue()

  def add_placeholder(self):
    self.sample_placeholder = tf.compat.v1.placeholder(dtype=tf.float32, shape=None)
    self.target_placeholder = tf.compat.v1.placeholder(dtype=tf.float32, shape=None)
    self.fname_placeholder = tf.compat.v1.placeholder(dtype=tf.string, shape=None)

  def add_queue(self):
    self.queue = tf.queue.PaddingFIFOQueue(self.queue_size,
                                           ['float32', 'float32', 'string'],
                                           shapes=[self.config.X_shape, self.config.Y_shape, []])
    self.enqueue = self.queue.enqueue([self.sample_placeholder, self.target_placeholder,
                                       self.fname_placeholder])
    self.close_op = self.queue.close()
    return 0

  def dequeue(self, num_elements):
    output = self.queue.dequeue_up_to(num_elements)
    return output

  def thread_main(self, sess, n_threads=1, start=0):
    index = list(range(start, self.n_gauge, n_threads))
    for i in index:
      if self.coord.should_stop():
        break
      fname = os.path.join(self.gauge_dir, self.gauge[i])
      try:
        meta = np.load(fname)
      except Exception:
        logging.error("Failed reading {}".format(fname))
        continue
      sample = meta['data'].astype(np.float32)
      target = meta['flood'].astype(np.float32)
      sess.run(self.enqueue, feed_dict={self.sample_placeholder: sample,
                                        self.target_placeholder: target,
                                        self.fname_placeholder: self.gauge[i]})
    return 0

  def start_threads(self, sess, n_threads=2):
    for i in range(n_threads):
      thread = threading.Thread(target=self.thread_main, args=(sess, n_threads, i))
      thread.daemon = True
      thread.start()
      self.threads.append(thread)
    # one pass over the list: close the queue once every feeder is done
    closer = threading.Thread(target=self._close_when_done, args=(sess, list(self.threads)))
    closer.daemon = True
    closer.start()
    return self.threads

  def _close_when_done(self, sess, feeders):
    for t in feeders:
      t.join()
    sess.run(self.close_op)
