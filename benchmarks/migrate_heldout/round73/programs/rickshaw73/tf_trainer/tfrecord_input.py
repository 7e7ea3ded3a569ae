"""DatasetInput class based on TFRecord files."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import functools

import numpy as np
import tensorflow.compat.v1 as tf
from rickshaw73.tf_trainer import dataset_input
from rickshaw73.tf_trainer import types


class TFRecordInput(dataset_input.DatasetInput):
  """TFRecord based DatasetInput.

  Handles parsing of TF Examples and tokenizing text. Note that tokenization is implemented with tf.py_func
  and not with tensorflow ops (the source used nltk; here str.split).
  """

  def __init__(self,
               train_path: types.Path,
               validate_path: types.Path,
               text_feature: str,
               labels: dict,
               word_to_idx: dict,
               unknown_token: int,
               batch_size: int = 2,
               max_seq_len: int = 8) -> None:
    self._train_path = train_path
    self._validate_path = validate_path
    self._text_feature = text_feature
    self._labels = labels
    self._word_to_idx = word_to_idx
    self._unknown_token = unknown_token
    self._batch_size = batch_size
    self._max_seq_len = max_seq_len

  def train_input_fn(self) -> types.FeatureAndLabelTensors:
    return self._input_fn_from_file(self._train_path)

  def validate_input_fn(self) -> types.FeatureAndLabelTensors:
    return self._input_fn_from_file(self._validate_path)

  def _input_fn_from_file(self, filepath: types.Path) -> types.FeatureAndLabelTensors:
    filename_queue = tf.train.string_input_producer([filepath], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, record = reader.read(filename_queue)
    features, labels = self._read_tf_example(record)
    features[self._text_feature] = self._tokenize(features[self._text_feature])
    batched = tf.train.batch({**features, **labels}, batch_size=self._batch_size, dynamic_pad=True)
    return ({self._text_feature: batched[self._text_feature]},
            {label: batched[label] for label in self._labels})

  def _read_tf_example(self, record: tf.Tensor) -> types.FeatureAndLabelTensors:
    keys_to_features = {self._text_feature: tf.FixedLenFeature([], tf.string)}
    for label, dtype in self._labels.items():
      keys_to_features[label] = tf.FixedLenFeature([], dtype)
    parsed = tf.parse_single_example(record, keys_to_features)
    features = {self._text_feature: parsed[self._text_feature]}
    labels = {label: parsed[label] for label in self._labels}
    return features, labels

  def _tokenize(self, text: types.Tensor) -> types.Tensor:
    def _tokenize_tensor(text: bytes) -> np.ndarray:
      words = text.decode('utf-8').lower().split()[:self._max_seq_len]
      return np.asarray([self._word_to_idx.get(w, self._unknown_token) for w in words], dtype=np.int64)

    tokens = tf.py_func(_tokenize_tensor, [text], tf.int64)
    tokens.set_shape([None])
    return tokens
