"""An audio-reader-style feeder class: Python loads the rows, a background thread feeds placeholders into a
FIFOQueue, the model dequeues batches with dequeue_many."""

import csv
import glob
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def load_rows(data_dir):
  """Generator that yields (features, label) from the CSV tables."""
  for path in sorted(glob.glob(os.path.join(data_dir, 'table-*.csv'))):
    with open(path) as f:
      for row in csv.DictReader(f):
        yield np.array([float(row['a']), float(row['b'])], dtype=np.float32), int(row['label'])


class CsvReader(object):
  """Generic background reader that preprocesses rows and enqueues them into a TensorFlow queue."""

  def __init__(self, data_dir, coord, queue_size=32):
    self.data_dir = data_dir
    self.coord = coord
    self.threads = []
    self.sample_placeholder = tf.placeholder(dtype=tf.float32, shape=[2])
    self.label_placeholder = tf.placeholder(dtype=tf.int32, shape=[])
    self.queue = tf.FIFOQueue(queue_size, ['float32', 'int32'], shapes=[(2,), ()])
    self.enqueue = self.queue.enqueue([self.sample_placeholder, self.label_placeholder])
    self.close = self.queue.close()

  def dequeue(self, num_elements):
    output = self.queue.dequeue_many(num_elements)
    return output

  def thread_main(self, sess):
    for sample, label in load_rows(self.data_dir):
      if self.coord.should_stop():
        break
      sess.run(self.enqueue, feed_dict={self.sample_placeholder: sample, self.label_placeholder: label})
    sess.run(self.close)

  def start_threads(self, sess, n_threads=1):
    for _ in range(n_threads):
      thread = threading.Thread(target=self.thread_main, args=(sess,))
      thread.daemon = True  # Thread will close when parent quits.
      thread.start()
      self.threads.append(thread)
    return self.threads


def main(data_dir):
  coord = tf.train.Coordinator()
  with tf.name_scope('create_inputs'):
    reader = CsvReader(data_dir, coord, queue_size=32)
    sample_batch, label_batch = reader.dequeue(10)

  batches = []
  end = None
  sess = tf.Session()
  sess.run(tf.global_variables_initializer())
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  reader.start_threads(sess)
  try:
    while not coord.should_stop():
      samples, labels = sess.run([sample_batch, label_batch])
      batches.append([samples.tolist(), labels.tolist()])
  except tf.errors.OutOfRangeError:
    end = 'OutOfRangeError'
  finally:
    coord.request_stop()
    coord.join(threads)
  for t in reader.threads:
    t.join()
  sess.close()
  return {'batches': batches, 'end': end}
