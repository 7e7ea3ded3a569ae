"""Provides data for the Rubik's cube face photos dataset (six sticker colours; slim datasets/cifar10.py layout).

The dataset scripts used to create the dataset can be found at: make_cube_faces() below.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from slim66_lib import dataset
from slim66_lib import tfexample_decoder

_FILE_PATTERN = 'cube_faces_%s.tfrecord'

SPLITS_TO_SIZES = {'train': 12, 'test': 10}

_NUM_CLASSES = 6

_COLOURS = ['white', 'yellow', 'red', 'orange', 'blue', 'green']

_ITEMS_TO_DESCRIPTIONS = {
    'image': 'A [3 x 3 x 3] color image.',
    'label': 'A single integer between 0 and 5',
}


def get_split(split_name, dataset_dir, file_pattern=None, reader=None):
  """Gets a dataset tuple with instructions for reading cube faces."""
  if split_name not in SPLITS_TO_SIZES:
    raise ValueError('split name %s was not recognized.' % split_name)

  if not file_pattern:
    file_pattern = _FILE_PATTERN
  file_pattern = os.path.join(dataset_dir, file_pattern % split_name)

  # Allowing None in the signature so that dataset_factory can use the default.
  if not reader:
    reader = tf.TFRecordReader

  keys_to_features = {
      'image/encoded': tf.FixedLenFeature((), tf.string, default_value=''),
      'image/format': tf.FixedLenFeature((), tf.string, default_value='raw'),
      'image/class/label': tf.FixedLenFeature(
          [], tf.int64, default_value=tf.zeros([], dtype=tf.int64)),
  }

  items_to_handlers = {
      'image': tfexample_decoder.Image(shape=[3, 3, 3]),
      'label': tfexample_decoder.Tensor('image/class/label'),
  }

  decoder = tfexample_decoder.TFExampleDecoder(
      keys_to_features, items_to_handlers)

  return dataset.Dataset(
      data_sources=file_pattern,
      reader=reader,
      decoder=decoder,
      num_samples=SPLITS_TO_SIZES[split_name],
      items_to_descriptions=_ITEMS_TO_DESCRIPTIONS,
      num_classes=_NUM_CLASSES,
      labels_to_names=dict(enumerate(_COLOURS)))


def make_cube_faces(dataset_dir):
  rng = np.random.RandomState(6632)
  for split_name, size in sorted(SPLITS_TO_SIZES.items()):
    writer = tf.python_io.TFRecordWriter(os.path.join(dataset_dir, _FILE_PATTERN % split_name))
    for i in range(size):
      label = i % _NUM_CLASSES
      image = rng.randint(0, 256, size=(3, 3, 3)).astype(np.uint8)
      image[1, 1, :] = 40 * label  # the centre sticker gives the face's colour
      feature = {
          'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
          'image/format': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'raw'])),
          'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
      }
      writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    writer.close()
