"""A class whose method batches the tensors its caller gives it, kept on the object, which it returns."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Batch(object):

  def __init__(self, batch_size=4, num_threads=2):
    self.batch_size = batch_size
    self.num_threads = num_threads

  def train(self, image, label):
    (self.images, self.labels) = tf.train.shuffle_batch(
        [image, label], batch_size=self.batch_size, num_threads=self.num_threads, capacity=40,
        min_after_dequeue=8, seed=49)
    return self


def main(data_dir):
  files, labels = [], []
  for k in range(12):
    path = os.path.join(data_dir, "objb_px_%02d.bin" % k)
    np.full([4], k, dtype=np.uint8).tofile(path)
    files.append(path)
    labels.append(k % 3)
  filename, label = tf.train.slice_input_producer([tf.constant(files), tf.constant(labels, dtype=tf.int64)],
                                                  num_epochs=1, shuffle=True, seed=49)
  pixels = tf.decode_raw(tf.read_file(filename), tf.uint8)
  pixels.set_shape([4])
  batch = Batch().train(tf.cast(pixels, tf.int32), label)
  out = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        x, y = sess.run([batch.images, batch.labels])
        out.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": out, "end": "OutOfRangeError"}
