"""Snowflake crystal micrographs read the way TFGAN's MNIST examples read their digits: data_provider.provide_data
('test', batch_size, dataset_dir) gets the split from a slim-style dataset_factory, reads it through a
DatasetDataProvider (one reader, not shuffled for 'test', no epoch limit), scales to [-1, 1), batches with a
prefetching `train.batch` and returns one-hot labels and the split size; the evaluation runs
num_samples // batch_size batches and maps images back with float_image_to_uint8."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tfgan66_lib.datasets import snowflakes
from tfgan66_lib.mnist import data_provider

BATCH_SIZE = 4


def main(data_dir):
  dataset_dir = os.path.join(data_dir, 'h66_snowflakes')
  if not os.path.isdir(dataset_dir):
    os.makedirs(dataset_dir)
  snowflakes.make_snowflakes(dataset_dir)

  with tf.name_scope('inputs'):
    with tf.device('/cpu:0'):
      images, one_hot_labels, num_samples = data_provider.provide_data(
          'test', BATCH_SIZE, dataset_dir)
  uint8_images = data_provider.float_image_to_uint8(images)

  batches = []
  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for _ in range(num_samples // BATCH_SIZE):
      np_images, np_labels, np_uint8 = sess.run([images, one_hot_labels, uint8_images])
      batches.append([np.round(np_images, 4).tolist(), np_labels.tolist(), np_uint8.tolist()])
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=10)
  return {'batches': batches, 'end': 'micrographs: %d of %d' % (len(batches) * BATCH_SIZE, num_samples)}
