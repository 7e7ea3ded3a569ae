"""A video-classification starter shape: a reader class in another module, num_readers copies of its
prepare_reader, shuffle_batch_join with enqueue_many, a MonitoredSession loop."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import gfile
from tensorflow.compat.v1 import logging

from yt_lib import readers


def get_input_data_tensors(reader, data_pattern, batch_size=20, num_epochs=None, num_readers=1):
  """Creates the section of the graph which reads the training data."""
  logging.info('Using batch size of ' + str(batch_size) + ' for training.')
  with tf.name_scope('train_input'):
    files = gfile.Glob(data_pattern)
    if not files:
      raise IOError('Unable to find training files. data_pattern=\'' + data_pattern + '\'.')
    logging.info('Number of training files: %s.', str(len(files)))
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True)
    training_data = [reader.prepare_reader(filename_queue) for _ in range(num_readers)]

    return tf.train.shuffle_batch_join(
        training_data,
        batch_size=batch_size,
        capacity=batch_size * 5,
        min_after_dequeue=batch_size,
        allow_smaller_final_batch=True,
        enqueue_many=True)


def main(data_dir):
  reader = readers.AggregatedFeatureReader(num_classes=4, feature_sizes=[3], feature_names=['x'])
  video_id, model_input_raw, labels_batch = get_input_data_tensors(
      reader, os.path.join(data_dir, 'records-*.tfrecord'), batch_size=20, num_epochs=1, num_readers=2)

  batches = []
  with tf.train.MonitoredSession() as sess:
    while not sess.should_stop():
      ids, inputs, labels = sess.run([video_id, model_input_raw, labels_batch])
      batches.append([np.asarray(ids).tolist(), np.asarray(inputs).tolist(), np.asarray(labels).tolist()])
  return {'batches': batches, 'end': 'stopped'}
