"""A dataset configuration as attention_ocr's fsns.py: a namedtuple holding the reader class."""
import collections
import os

import tensorflow.compat.v1 as tf

SPLITS = {'train': 8, 'test': 4}

Dataset = collections.namedtuple('Dataset', ['data_sources', 'reader', 'keys_to_features', 'num_samples',
                                             'image_shape'])


def get_split(split_name, dataset_dir):
  if split_name not in SPLITS:
    raise ValueError('split name %s was not recognized.' % split_name)
  keys_to_features = {
      'image/encoded': tf.FixedLenFeature((), tf.string, default_value=''),
      'image/class': tf.FixedLenFeature([2], tf.int64),
      'image/weight': tf.FixedLenFeature((), tf.float32, default_value=1.0),
  }
  return Dataset(
      data_sources=os.path.join(dataset_dir, split_name + '-*'),
      reader=tf.TFRecordReader,
      keys_to_features=keys_to_features,
      num_samples=SPLITS[split_name],
      image_shape=(2, 2, 1))
