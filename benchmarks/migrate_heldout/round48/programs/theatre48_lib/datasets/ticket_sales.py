"""Provides data for the box-office ticket sales dataset.

The dataset scripts used to create the dataset are in the program's `write_sales_shards`.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import tensorflow.compat.v1 as tf

from theatre48_lib.data import dataset
from theatre48_lib.data import tfexample_decoder

_FILE_PATTERN = 'sales_%s_*.tfrecord'

SPLITS_TO_SIZES = {'train': 12, 'validation': 0}

_ITEMS_TO_DESCRIPTIONS = {
    'show': 'The production the tickets were sold for.',
    'row': 'Seat row, 1 is the stalls front row.',
    'price': 'Unit price in pounds.',
    'quantity': 'Tickets in the sale.',
    'revenue': 'price * quantity',
}


def _revenue(keys_to_tensors):
  return keys_to_tensors['sale/price'] * tf.cast(keys_to_tensors['sale/quantity'], tf.float32)


def get_split(split_name, dataset_dir, file_pattern=None, reader=None):
  if split_name not in SPLITS_TO_SIZES:
    raise ValueError('split name %s was not recognized.' % split_name)

  if not file_pattern:
    file_pattern = _FILE_PATTERN
  file_pattern = os.path.join(dataset_dir, file_pattern % split_name)

  # Allowing None in the signature so that dataset_factory can use the default.
  if reader is None:
    reader = tf.TFRecordReader

  keys_to_features = {
      'sale/show': tf.FixedLenFeature((), tf.string, default_value=''),
      'sale/row': tf.FixedLenFeature((), tf.int64, default_value=0),
      'sale/price': tf.FixedLenFeature((), tf.float32, default_value=0.0),
      'sale/quantity': tf.FixedLenFeature((), tf.int64, default_value=1),
  }

  items_to_handlers = {
      'show': tfexample_decoder.Tensor('sale/show'),
      'row': tfexample_decoder.Tensor('sale/row'),
      'price': tfexample_decoder.Tensor('sale/price'),
      'quantity': tfexample_decoder.Tensor('sale/quantity'),
      'revenue': tfexample_decoder.ItemHandlerCallback(['sale/price', 'sale/quantity'], _revenue),
  }

  decoder = tfexample_decoder.TFExampleDecoder(keys_to_features, items_to_handlers)

  return dataset.Dataset(
      data_sources=sorted(tf.gfile.Glob(file_pattern)),
      reader=reader,
      decoder=decoder,
      num_samples=SPLITS_TO_SIZES[split_name],
      items_to_descriptions=_ITEMS_TO_DESCRIPTIONS)
