"""Round 57's form: the prefetch queue made in a helper (`_add_data_to_queue`) called by the reader helper
(`read_up_to` + `parse_example`), its runner running `[enqueue_op] * numberOfThreads` where the count is
`1 if test else 50` of a parameter the caller passes; the dequeue unpacked to a list target."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

N_POINTS = 3


def _write(path):
  rng = np.random.RandomState(5)
  with tf.io.TFRecordWriter(path) as w:
    for i in range(12):
      pts = np.round(rng.uniform(0, 9, size=N_POINTS * 3), 1)
      w.write(tf.train.Example(features=tf.train.Features(feature={
          'points': tf.train.Feature(float_list=tf.train.FloatList(value=pts.tolist())),
          'station': tf.train.Feature(int64_list=tf.train.Int64List(value=[100 + i]))})).SerializeToString())


def _add_data_to_queue(points, station, test):
  queue = tf.FIFOQueue(capacity=100, dtypes=[tf.float32, tf.int64])
  enqueue_op = queue.enqueue([points, station])
  numberOfThreads = 1 if test else 50
  qr = tf.train.QueueRunner(queue, [enqueue_op] * numberOfThreads)
  tf.train.add_queue_runner(qr)
  [points, station] = queue.dequeue()
  return points, station


def read_and_decode(filename_queue, batch_size, n_points, test=False):
  reader = tf.TFRecordReader()
  _, serialized = reader.read_up_to(filename_queue, batch_size)
  features = tf.parse_example(serialized, features={
      'points': tf.FixedLenFeature([n_points * 3], tf.float32),
      'station': tf.FixedLenFeature([], tf.int64)})
  points = tf.reshape(features['points'], [-1, n_points, 3])
  points = points - tf.reduce_mean(points, axis=1, keepdims=True)
  return _add_data_to_queue(points, features['station'], test)


def main(data_dir):
  folder = os.path.join(data_dir, 'fixq_param')
  os.makedirs(folder, exist_ok=True)
  path = os.path.join(folder, 'scans.tfrecords')
  _write(path)
  filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
  points, station = read_and_decode(filename_queue, 4, N_POINTS, test=True)
  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        p, s = sess.run([points, station])
        batches.append([np.round(p.astype(np.float64), 3).tolist(), s.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
