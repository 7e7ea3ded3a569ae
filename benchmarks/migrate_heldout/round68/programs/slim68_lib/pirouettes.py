"""Provides data for the pirouette dataset of a ballet school.

Each record is 4 bytes: dancer id (uint8), turns (uint8), landing offset in
millimetres (int16, little endian).
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import tensorflow.compat.v1 as tf

_FILE_PATTERN = 'pirouettes_%s.bin'

SPLITS_TO_SIZES = {'train': 20, 'validation': 12}

_RECORD_BYTES = 4

_ITEMS_TO_DESCRIPTIONS = {
    'dancer': 'The dancer id.',
    'turns': 'Number of complete turns.',
    'landing': 'Landing offset from the spot, in millimetres.',
}


def read_pirouette(filename_queue):
  reader = tf.FixedLengthRecordReader(record_bytes=_RECORD_BYTES)
  key, value = reader.read(filename_queue)
  raw = tf.decode_raw(value, tf.uint8)
  dancer = tf.cast(tf.strided_slice(raw, [0], [1]), tf.int32)
  turns = tf.cast(tf.strided_slice(raw, [1], [2]), tf.int32)
  landing = tf.decode_raw(tf.strings.substr(value, 2, 2), tf.int16)
  dancer = tf.reshape(dancer, [])
  turns = tf.reshape(turns, [])
  landing = tf.reshape(tf.cast(landing, tf.int32), [])
  return dancer, turns, landing


def get_split(split_name, dataset_dir, file_pattern=None):
  """Gets the file and the size of a dataset split."""
  if split_name not in SPLITS_TO_SIZES:
    raise ValueError('split name %s was not recognized.' % split_name)
  if not file_pattern:
    file_pattern = _FILE_PATTERN
  file_pattern = os.path.join(dataset_dir, file_pattern % split_name)
  return file_pattern, SPLITS_TO_SIZES[split_name]
