# -*- coding: utf-8 -*-
"""Configuration to read rink shot maps (two camera views side by side) the way fsns.py reads FSNS."""

import collections
import logging
import os

import tensorflow.compat.v1 as tf

DEFAULT_DATASET_DIR = os.path.join(os.path.dirname(__file__), 'data')

# The dataset configuration, should be used only as a default value.
DEFAULT_CONFIG = {
    'name': 'RINK',
    'splits': {
        'train': {
            'size': 12,
            'pattern': 'train/train*'
        },
        'test': {
            'size': 4,
            'pattern': 'test/test*'
        }
    },
    'charset_filename': 'charset_size=6.txt',
    'image_shape': (3, 6, 1),
    'num_of_views': 2,
    'max_sequence_length': 3,
    'null_code': 5,
    'items_to_descriptions': {
        'image': 'A [3 x 6 x 1] shot-density map of both goal cameras.',
        'label': 'Shot attributes encoded using a character set.',
        'num_of_views': 'A number of different views stored within the image.'
    }
}

Dataset = collections.namedtuple(
    'Dataset', ['data_sources', 'reader', 'keys_to_features', 'num_samples',
                'charset', 'num_char_classes', 'num_of_views',
                'max_sequence_length', 'null_code', 'image_shape'])


def read_charset(filename, null_character=u'\u2591'):
  """Reads a charset definition from a tab separated text file.

  charset file has to have format compatible with the FSNS dataset.
  """
  pattern = r'(\d+)\t(.+)'
  import re
  charset = {}
  with tf.gfile.GFile(filename) as f:
    for i, line in enumerate(f):
      m = re.match(pattern, line, re.UNICODE)
      if m is None:
        logging.warning('incorrect charset file. line #%d: %s', i, line)
        continue
      code = int(m.group(1))
      char = m.group(2)
      if char == '<nul>':
        char = null_character
      charset[code] = char
  return charset


def get_split(split_name, dataset_dir=None, config=None):
  """Returns a dataset tuple for the rink shot maps.

  Args:
    split_name: A train/test split name.
    dataset_dir: The base directory of the dataset sources, by default it uses
      a predefined CNS path (see DEFAULT_DATASET_DIR).
    config: A dictionary with dataset configuration. If None - will use the
      DEFAULT_CONFIG.

  Returns:
    A `Dataset` namedtuple.

  Raises:
    ValueError: if `split_name` is not a valid train/test split.
  """
  if not dataset_dir:
    dataset_dir = DEFAULT_DATASET_DIR

  if not config:
    config = DEFAULT_CONFIG

  if split_name not in config['splits']:
    raise ValueError('split name %s was not recognized.' % split_name)

  logging.info('Using %s dataset split_name=%s dataset_dir=%s', config['name'],
               split_name, dataset_dir)

  # Ignores the 'image/height' feature.
  zero = tf.zeros([1], dtype=tf.int64)
  keys_to_features = {
      'image/encoded':
      tf.FixedLenFeature((), tf.string, default_value=''),
      'image/format':
      tf.FixedLenFeature((), tf.string, default_value='raw'),
      'image/width':
      tf.FixedLenFeature([1], tf.int64, default_value=zero),
      'image/orig_width':
      tf.FixedLenFeature([1], tf.int64, default_value=zero),
      'image/class':
      tf.FixedLenFeature([config['max_sequence_length']], tf.int64),
      'image/unpadded_class':
      tf.VarLenFeature(tf.int64),
      'image/text':
      tf.FixedLenFeature([1], tf.string, default_value=''),
  }
  charset_file = os.path.join(dataset_dir, config['charset_filename'])
  charset = read_charset(charset_file)
  file_pattern = os.path.join(dataset_dir,
                              config['splits'][split_name]['pattern'])
  return Dataset(
      data_sources=file_pattern,
      reader=tf.TFRecordReader,
      keys_to_features=keys_to_features,
      num_samples=config['splits'][split_name]['size'],
      charset=charset,
      num_char_classes=len(charset),
      num_of_views=config['num_of_views'],
      max_sequence_length=config['max_sequence_length'],
      null_code=config['null_code'],
      image_shape=config['image_shape'])
