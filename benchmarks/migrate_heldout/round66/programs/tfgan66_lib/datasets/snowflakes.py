"""Provides data for the snowflake crystal micrographs dataset (in the layout of slim's datasets/mnist.py).

The dataset scripts used to create the dataset can be found at: make_snowflakes() below.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from slim66_lib import dataset
from slim66_lib import tfexample_decoder

_FILE_PATTERN = 'snowflakes_%s.tfrecord'

_SPLITS_TO_SIZES = {'train': 12, 'test': 10}

_NUM_CLASSES = 6

_LABELS = ['plate', 'stellar_dendrite', 'column', 'needle', 'capped_column', 'irregular']

_ITEMS_TO_DESCRIPTIONS = {
    'image': 'A [4 x 4 x 1] grayscale image.',
    'label': 'A single integer between 0 and 5',
}


def get_split(split_name, dataset_dir, file_pattern=None, reader=None):
  """Gets a dataset tuple with instructions for reading snowflakes."""
  if split_name not in _SPLITS_TO_SIZES:
    raise ValueError('split name %s was not recognized.' % split_name)

  if not file_pattern:
    file_pattern = _FILE_PATTERN
  file_pattern = os.path.join(dataset_dir, file_pattern % split_name)

  # Allowing None in the signature so that dataset_factory can use the default.
  if reader is None:
    reader = tf.TFRecordReader

  keys_to_features = {
      'image/encoded': tf.FixedLenFeature((), tf.string, default_value=''),
      'image/format': tf.FixedLenFeature((), tf.string, default_value='raw'),
      'image/class/label': tf.FixedLenFeature(
          [1], tf.int64, default_value=tf.zeros([1], dtype=tf.int64)),
  }

  items_to_handlers = {
      'image': tfexample_decoder.Image(shape=[4, 4, 1], channels=1),
      'label': tfexample_decoder.Tensor('image/class/label', shape=[]),
  }

  decoder = tfexample_decoder.TFExampleDecoder(
      keys_to_features, items_to_handlers)

  labels_to_names = dict(enumerate(_LABELS))

  return dataset.Dataset(
      data_sources=file_pattern,
      reader=reader,
      decoder=decoder,
      num_samples=_SPLITS_TO_SIZES[split_name],
      num_classes=_NUM_CLASSES,
      items_to_descriptions=_ITEMS_TO_DESCRIPTIONS,
      labels_to_names=labels_to_names)


def make_snowflakes(dataset_dir):
  """Writes the two splits (the writer's stand-in for download_and_convert_mnist)."""
  rng = np.random.RandomState(6616)
  for split_name, size in sorted(_SPLITS_TO_SIZES.items()):
    writer = tf.python_io.TFRecordWriter(os.path.join(dataset_dir, _FILE_PATTERN % split_name))
    for i in range(size):
      image = rng.randint(0, 256, size=(4, 4, 1)).astype(np.uint8)
      feature = {
          'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
          'image/format': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'raw'])),
          'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % _NUM_CLASSES])),
      }
      writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    writer.close()
