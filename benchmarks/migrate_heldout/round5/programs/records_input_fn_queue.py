"""An input_fn with a hand-built filename queue: FIFOQueue + enqueue_many(limit_epochs(...)) + its own
QueueRunner with a close op, a TFRecordReader on that queue, parsing in a helper, a batch."""

import os
import random

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def parse_example(example):
  features = tf.parse_single_example(example, features={
      'x': tf.FixedLenFeature([3], tf.float32),
      'label': tf.FixedLenFeature([], tf.int64),
  })
  x = tf.reverse(features['x'], axis=[0])
  label = tf.cast(features['label'], tf.int32)
  example_name = tf.as_string(label, width=4, fill='0')
  return x, label, example_name


def shuffle_fn(file_names):
  random.shuffle(file_names)


def input_fn(file_dir, num_epochs=None, shuffle=False, shared_name=None):
  file_names = sorted(tf.gfile.Glob(os.path.join(file_dir[0], '*.tfrecord')))
  if shuffle:
    shuffle_fn(file_names)
  filename_queue = tf.FIFOQueue(100, tf.string, shared_name=shared_name)
  enque_op = filename_queue.enqueue_many([train.limit_epochs(file_names, num_epochs)])
  close_op = filename_queue.close(cancel_pending_enqueues=True)
  qr = train.QueueRunner(filename_queue, [enque_op], close_op,
                         queue_closed_exception_types=(tf.errors.OutOfRangeError, tf.errors.CancelledError))

  train.add_queue_runner(qr)

  reader = tf.TFRecordReader()
  _, example = reader.read(filename_queue)

  x, label, example_name = parse_example(example)

  return x, label, example_name


def main(data_dir):
  x, label, name = input_fn([data_dir], num_epochs=1, shuffle=False)
  x_batch, label_batch, name_batch = train.batch([x, label, name], batch_size=30, capacity=90,
                                                 allow_smaller_final_batch=True)

  batches = []
  end = None
  sess = tf.Session()
  sess.run(tf.local_variables_initializer())
  coord = train.Coordinator()
  threads = train.start_queue_runners(sess, coord)
  try:
    while True:
      xs, labels, names = sess.run([x_batch, label_batch, name_batch])
      batches.append([xs.tolist(), labels.tolist(), [n.decode('ascii') for n in names]])
  except tf.errors.OutOfRangeError:
    end = 'OutOfRangeError'
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {'batches': batches, 'end': end}
