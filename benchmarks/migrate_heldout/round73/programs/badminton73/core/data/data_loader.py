# -*- coding: utf-8 -*-
""" Updated: the shuttle-hit audio loader
"""
import numpy as np
import tensorflow.compat.v1 as tf
from badminton73.core.data import data_entry
from badminton73.core.data import data_prefetch


def _load_audio(filepath, start_idx, length):
  file_path_abs = str(filepath, encoding='utf-8')
  data = np.load(file_path_abs)
  data = data[start_idx:start_idx + length]
  data = np.float32(np.reshape(data, data.shape))
  return data


def load_audio(config):
  """ the fixed format:
    path_to_audio start_idx label
  """
  data = config.data
  res, _ = data_entry.parse_from_text(
      data.entry_path, data.entry_dtype, data.entry_check)
  cfg = data.configs[0]

  tf_inputs = tf.train.slice_input_producer(res, shuffle=data.shuffle, num_epochs=1)
  content = tf.py_func(_load_audio, [tf_inputs[0], tf_inputs[1], cfg.length], tf.float32)
  content = tf.reshape(content, [cfg.length])
  label = tf_inputs[2]
  return data_prefetch.generate_batch(data, [content, label], data.batchsize, data.shuffle)
