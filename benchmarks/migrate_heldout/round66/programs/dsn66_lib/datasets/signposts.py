"""Provides data for the signpost glyph datasets: 'signs_synth' (clean rendered glyphs, one channel, 2x2) and
'signs_weathered' (photographed, weathered signposts, three channels, 3x3), in the layout of the domain
separation datasets (mnist_m.py)."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from slim66_lib import dataset
from slim66_lib import tfexample_decoder

_SPLITS_TO_SIZES = {'train': 8, 'valid': 4}
_NUM_CLASSES = 4  # left arrow, right arrow, footpath, bridleway
_SHAPES = {'signs_synth': [2, 2, 1], 'signs_weathered': [3, 3, 3]}

_ITEMS_TO_DESCRIPTIONS = {
    'image': 'A color or grayscale image of varying size.',
    'label': 'A single integer between 0 and 3',
}


def get_split(name, split_name, dataset_dir, file_pattern=None, reader=None):
  if split_name not in _SPLITS_TO_SIZES:
    raise ValueError('split name %s was not recognized.' % split_name)
  if not file_pattern:
    file_pattern = name + '_%s.tfrecord'
  file_pattern = os.path.join(dataset_dir, file_pattern % split_name)
  if reader is None:
    reader = tf.TFRecordReader

  shape = _SHAPES[name]
  keys_to_features = {
      'image/encoded': tf.FixedLenFeature((), tf.string, default_value=''),
      'image/format': tf.FixedLenFeature((), tf.string, default_value='raw'),
      'image/class/label': tf.FixedLenFeature(
          [1], tf.int64, default_value=tf.zeros([1], dtype=tf.int64)),
  }

  items_to_handlers = {
      'image': tfexample_decoder.Image(shape=shape, channels=shape[-1]),
      'label': tfexample_decoder.Tensor('image/class/label', shape=[]),
  }

  decoder = tfexample_decoder.TFExampleDecoder(
      keys_to_features, items_to_handlers)

  return dataset.Dataset(
      data_sources=file_pattern,
      reader=reader,
      decoder=decoder,
      num_samples=_SPLITS_TO_SIZES[split_name],
      num_classes=_NUM_CLASSES,
      items_to_descriptions=_ITEMS_TO_DESCRIPTIONS)


def write_split(name, split_name, dataset_dir, seed):
  rng = np.random.RandomState(seed)
  writer = tf.python_io.TFRecordWriter(os.path.join(dataset_dir, '%s_%s.tfrecord' % (name, split_name)))
  for i in range(_SPLITS_TO_SIZES[split_name]):
    image = rng.randint(0, 256, size=_SHAPES[name]).astype(np.uint8)
    feature = {
        'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
        'image/format': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'raw'])),
        'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[(i * 3 + seed) % _NUM_CLASSES])),
    }
    writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
  writer.close()
