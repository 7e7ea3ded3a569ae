"""Sauna session input: thermal snapshots of the cabin with the bather count and the session id."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import glob
import os

import tensorflow.compat.v1 as tf

from sauna69_input.input_pipeline import InputPipeline


class SaunaDataset(object):

  def __init__(self, data_dir, subset):
    self.data_dir = data_dir
    self.subset = subset

  def data_files(self):
    files = sorted(glob.glob(os.path.join(self.data_dir, '%s-*' % self.subset)))
    return files or None

  def num_examples_per_epoch(self):
    return 12

  def reader(self):
    return tf.TFRecordReader()


class SaunaInputPipeline(InputPipeline):

  def parse_example_proto(self, example_serialized):
    feature_map = {
        'session/id': tf.FixedLenFeature([], tf.string, default_value=''),
        'session/thermal': tf.FixedLenFeature([], tf.string, default_value=''),
        'session/bathers': tf.FixedLenFeature([], tf.int64, default_value=-1),
        'session/loyly': tf.FixedLenFeature([], tf.float32, default_value=0.0),
    }
    features = tf.parse_single_example(example_serialized, feature_map)
    thermal = tf.decode_raw(features['session/thermal'], tf.uint8)
    thermal = tf.reshape(thermal, [3, 3, 2])
    return {'id': features['session/id'],
            'image': thermal,
            'bathers': tf.cast(features['session/bathers'], tf.int32),
            'loyly': features['session/loyly']}

  def preprocess_example(self, example, is_training, thread_id=0):
    # degrees above 60 C, one byte a degree
    example['image'] = tf.cast(example['image'], tf.float32) / 10.0 + 6.0
    return example
