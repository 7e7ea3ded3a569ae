"""Provides data for the domino tile photos dataset, the way slim_walkthrough.ipynb's flowers dataset is defined
(a get_split returning a slim Dataset of raw images and pip-count labels)."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from slim66_lib import dataset
from slim66_lib import tfexample_decoder

_FILE_PATTERN = 'dominoes_%s_*.tfrecord'
SPLITS_TO_SIZES = {'train': 8, 'validation': 4}
_NUM_CLASSES = 7  # pips on the tile's larger half, 0-6


def get_split(split_name, dataset_dir, file_pattern=None, reader=None):
  if split_name not in SPLITS_TO_SIZES:
    raise ValueError('split name %s was not recognized.' % split_name)
  if not file_pattern:
    file_pattern = _FILE_PATTERN
  file_pattern = os.path.join(dataset_dir, file_pattern % split_name)
  if reader is None:
    reader = tf.TFRecordReader

  keys_to_features = {
      'image/encoded': tf.FixedLenFeature((), tf.string, default_value=''),
      'image/format': tf.FixedLenFeature((), tf.string, default_value='raw'),
      'image/class/label': tf.FixedLenFeature(
          [], tf.int64, default_value=tf.zeros([], dtype=tf.int64)),
  }
  items_to_handlers = {
      'image': tfexample_decoder.Image(shape=[3, 3, 1], channels=1),
      'label': tfexample_decoder.Tensor('image/class/label'),
  }
  decoder = tfexample_decoder.TFExampleDecoder(keys_to_features, items_to_handlers)
  return dataset.Dataset(
      data_sources=file_pattern,
      reader=reader,
      decoder=decoder,
      num_samples=SPLITS_TO_SIZES[split_name],
      items_to_descriptions={'image': 'A 3x3 grey photo.', 'label': 'Pips, 0-6.'},
      num_classes=_NUM_CLASSES)


def convert_dataset(dataset_dir, split_name, num_shards=2):
  rng = np.random.RandomState(6633 + len(split_name))
  size = SPLITS_TO_SIZES[split_name]
  per_shard = size // num_shards
  for shard in range(num_shards):
    path = os.path.join(dataset_dir, 'dominoes_%s_%05d-of-%05d.tfrecord' % (split_name, shard, num_shards))
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(shard * per_shard, (shard + 1) * per_shard):
      pips = int(rng.randint(0, _NUM_CLASSES))
      image = np.full((3, 3, 1), 230, dtype=np.uint8)
      image.reshape(-1)[:pips] = 20
      feature = {
          'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
          'image/format': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'raw'])),
          'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[pips])),
      }
      writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    writer.close()
