"""A file queue made by a helper through locals (`glob`, then the producer bound to a name and returned), read
by a reader helper of the same module, batched by its caller; two callers of the queue helper."""
import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf


def generate_filename_queue(data_dir, data_set='train'):
  filenames = sorted(glob.glob(data_dir + data_set + '*.tfrecords'))
  filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
  return filename_queue


def read_and_decode(filename_queue):
  reader = tf.TFRecordReader()
  _, serialized = reader.read(filename_queue)
  features = tf.parse_single_example(serialized, features={
      'x': tf.FixedLenFeature([2], tf.float32), 'y': tf.FixedLenFeature([], tf.int64)})
  return features['x'], tf.cast(features['y'], tf.int32)


def inputs(data_dir, batch_size, data_set='train'):
  filename_queue = generate_filename_queue(data_dir, data_set)
  x, y = read_and_decode(filename_queue)
  return tf.train.batch([x, y], batch_size=batch_size, capacity=4 * batch_size)


def eval_inputs(data_dir):
  queue = generate_filename_queue(data_dir, 'eval')
  x, y = read_and_decode(queue)
  return tf.train.batch([x, y], batch_size=2)


def write(path, start, n):
  with tf.python_io.TFRecordWriter(path) as w:
    for i in range(start, start + n):
      ex = tf.train.Example(features=tf.train.Features(feature={
          'x': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.5, -i])),
          'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))}))
      w.write(ex.SerializeToString())


def main(data_dir):
  out = os.path.join(data_dir, 'r38q_local') + '/'
  os.makedirs(out, exist_ok=True)
  write(out + 'train-0.tfrecords', 0, 5)
  write(out + 'train-1.tfrecords', 5, 4)
  write(out + 'eval-0.tfrecords', 100, 4)
  xs, ys = inputs(out, 3)
  ex, ey = eval_inputs(out)
  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    a, b = sess.run([ex, ey])
    batches.append([a.tolist(), b.tolist()])
    try:
      while True:
        a, b = sess.run([xs, ys])
        batches.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
