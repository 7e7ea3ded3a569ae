# After tensorflow/models research/ptn/input_generator.py (rewritten by the writer; slim's dataset / decoder /
# provider come from slim66_lib). Writer changes: a `num_epochs` argument and an `object/id` item, so one pass ends
# and rows can be told apart.
"""Provides dataset dictionaries as used in our network models."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import tensorflow.compat.v1 as tf

from slim66_lib import dataset
from slim66_lib import dataset_data_provider
from slim66_lib import tfexample_decoder

_ITEMS_TO_DESCRIPTIONS = {
    'images': 'Images',
    'masks': 'Masks',
    'voxels': 'Voxels',
    'object_id': 'Object id (writer addition)',
}


def _get_split(file_pattern, num_samples, num_views, image_size, vox_size):
  """Get dataset.Dataset for the given dataset file pattern and properties."""

  # A dictionary from TF-Example keys to tf.FixedLenFeature instance.
  keys_to_features = {
      'image': tf.FixedLenFeature(
          shape=[num_views, image_size, image_size, 3],
          dtype=tf.float32, default_value=None),
      'mask': tf.FixedLenFeature(
          shape=[num_views, image_size, image_size, 1],
          dtype=tf.float32, default_value=None),
      'vox': tf.FixedLenFeature(
          shape=[vox_size, vox_size, vox_size, 1],
          dtype=tf.float32, default_value=None),
      'object/id': tf.FixedLenFeature(shape=[], dtype=tf.int64, default_value=-1),
  }

  items_to_handler = {
      'images': tfexample_decoder.Tensor(
          'image', shape=[num_views, image_size, image_size, 3]),
      'masks': tfexample_decoder.Tensor(
          'mask', shape=[num_views, image_size, image_size, 1]),
      'voxels': tfexample_decoder.Tensor(
          'vox', shape=[vox_size, vox_size, vox_size, 1]),
      'object_id': tfexample_decoder.Tensor('object/id'),
  }

  decoder = tfexample_decoder.TFExampleDecoder(
      keys_to_features, items_to_handler)

  return dataset.Dataset(
      data_sources=file_pattern,
      reader=tf.TFRecordReader,
      decoder=decoder,
      num_samples=num_samples,
      items_to_descriptions=_ITEMS_TO_DESCRIPTIONS)


def get(dataset_dir,
        dataset_name,
        split_name,
        shuffle=True,
        num_readers=1,
        common_queue_capacity=64,
        common_queue_min=50,
        num_epochs=None):
  """Provides input data for a specified dataset and split."""

  dataset_to_kwargs = {
      'vase_amphora': {
          'file_pattern': 'amphora_%s.tfrecords' % split_name,
          'num_views': 2,
          'image_size': 2,
          'vox_size': 2
      },
      'vase_bowl': {
          'file_pattern': 'bowl_%s.tfrecords' % split_name,
          'num_views': 2,
          'image_size': 2,
          'vox_size': 2
      },
  }

  split_sizes = {
      'vase_amphora': {
          'train': 8,
          'val': 8,
          'test': 4
      },
      'vase_bowl': {
          'train': 8,
          'val': 8,
          'test': 4
      }
  }

  kwargs = dataset_to_kwargs[dataset_name]
  kwargs['file_pattern'] = os.path.join(dataset_dir, kwargs['file_pattern'])
  kwargs['num_samples'] = split_sizes[dataset_name][split_name]

  dataset_split = _get_split(**kwargs)
  data_provider = dataset_data_provider.DatasetDataProvider(
      dataset_split,
      num_readers=num_readers,
      common_queue_capacity=common_queue_capacity,
      common_queue_min=common_queue_min,
      shuffle=shuffle,
      num_epochs=num_epochs)

  inputs = {
      'num_samples': dataset_split.num_samples,
  }

  for item in ['images', 'masks', 'voxels', 'object_id']:
    inputs[item] = data_provider.get([item])[0]
  return inputs
