"""A captioning-model style evaluation input: a prefetch values queue with reader threads, preprocessing
threads that each dequeue and parse, and batch_join."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np
import tensorflow.compat.v1 as tf

from prefetch_lib import input_ops


class ModelConfig(object):
  def __init__(self):
    self.input_file_pattern = None
    self.values_per_input_shard = 45
    self.input_queue_capacity_factor = 2
    self.num_input_reader_threads = 2
    self.num_preprocess_threads = 2
    self.batch_size = 18


class EvalModel(object):
  def __init__(self, config, mode):
    self.config = config
    self.mode = mode
    self.reader = tf.TFRecordReader()
    self.features = None
    self.labels = None

  def is_training(self):
    return self.mode == 'train'

  def build_inputs(self):
    input_queue = input_ops.prefetch_input_data(
        self.reader,
        self.config.input_file_pattern,
        is_training=self.is_training(),
        batch_size=self.config.batch_size,
        values_per_shard=self.config.values_per_input_shard,
        input_queue_capacity_factor=self.config.input_queue_capacity_factor,
        num_reader_threads=self.config.num_input_reader_threads)

    # Image processing and random distortion. Split across multiple threads.
    assert self.config.num_preprocess_threads % 2 == 0
    features_and_labels = []
    for thread_id in range(self.config.num_preprocess_threads):
      serialized_example = input_queue.dequeue()
      x, label = input_ops.parse_example(serialized_example)
      x = x - 1.0
      features_and_labels.append([x, label])

    queue_capacity = 2 * self.config.num_preprocess_threads * self.config.batch_size
    self.features, self.labels = tf.train.batch_join(
        features_and_labels, batch_size=self.config.batch_size, capacity=queue_capacity, name='batch')

  def build(self):
    self.build_inputs()


def main(data_dir):
  config = ModelConfig()
  config.input_file_pattern = os.path.join(data_dir, 'records-*.tfrecord')
  model = EvalModel(config, mode='eval')
  model.build()

  batches = []
  end = None
  sess = tf.Session()
  sess.run(tf.local_variables_initializer())
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while True:
      features, labels = sess.run([model.features, model.labels])
      batches.append([np.asarray(features).tolist(), np.asarray(labels).tolist()])
  except tf.errors.OutOfRangeError:
    end = 'OutOfRangeError'
  coord.request_stop()
  coord.join(threads, stop_grace_period_secs=10)
  sess.close()
  return {'batches': batches, 'end': end}
