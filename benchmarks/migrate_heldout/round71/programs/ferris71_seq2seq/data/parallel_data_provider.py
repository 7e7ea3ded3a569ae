# Copyright 2017 Google Inc.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
"""A Data Provder that reads parallel (aligned) data.

(held-out round 71: rewritten after google/seq2seq's ``parallel_data_provider``; the slim
``parallel_reader.parallel_read`` / ``DataProvider`` / split-tokens decoder it used are replaced by a producer and
a reader per side and ``tf.string_split``, since tf.contrib.slim is gone.)
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


def _parallel_read(data_sources, reader_class, num_epochs, shuffle, seed):
  filename_queue = tf.train.string_input_producer(
      data_sources, num_epochs=num_epochs, shuffle=shuffle, seed=seed)
  _, value = reader_class().read(filename_queue)
  return value


def _split_tokens(value, delimiter, length_feature_name, tokens_feature_name, append_token=None,
                  prepend_token=None):
  tokens = tf.string_split([value], delimiter=delimiter).values
  if prepend_token is not None:
    tokens = tf.concat([[prepend_token], tokens], 0, name="prepend_token")
  if append_token is not None:
    tokens = tf.concat([tokens, [append_token]], 0, name="append_token")
  return {tokens_feature_name: tokens, length_feature_name: tf.size(tokens)}


class ParallelDataProvider(object):
  """Creates a ParallelDataProvider. This data provider reads two datasets
  in parallel, keeping them aligned.
  """

  def __init__(self, source_value, target_value, source_delimiter, target_delimiter):
    self._items = {}
    self._items.update(_split_tokens(source_value, source_delimiter, "source_len", "source_tokens",
                                     append_token="SEQUENCE_END"))
    if target_value is not None:
      self._items.update(_split_tokens(target_value, target_delimiter, "target_len", "target_tokens",
                                       append_token="SEQUENCE_END", prepend_token="SEQUENCE_START"))

  def list_items(self):
    return list(self._items.keys())

  def get(self, items):
    return [self._items[item] for item in items]


def make_parallel_data_provider(data_sources_source,
                                data_sources_target,
                                reader=tf.TextLineReader,
                                num_samples=None,
                                source_delimiter=" ",
                                target_delimiter=" ",
                                **kwargs):
  """Creates a DataProvider that reads parallel text data.

  Args:
    data_sources_source: A list of data sources for the source text files.
    data_sources_target: A list of data sources for the target text files.
      Can be None for inference mode.
    num_samples: Optional, number of records in the dataset
    source_delimiter: Split tokens in the source data on this
      delimiter. Defaults to space.
    target_delimiter: Split tokens in the target data on this
      delimiter. Defaults to space.
    kwargs: Additional arguments (shuffle, num_epochs, etc) that are passed
      to the data provider

  Returns:
    A DataProvider instance
  """
  shuffle = kwargs.get("shuffle", True)
  num_epochs = kwargs.get("num_epochs", None)
  seed = kwargs.get("seed", None)
  source_value = _parallel_read(data_sources_source, reader, num_epochs, shuffle, seed)
  target_value = None
  if data_sources_target is not None:
    target_value = _parallel_read(data_sources_target, reader, num_epochs, shuffle, seed)
  return ParallelDataProvider(source_value, target_value, source_delimiter, target_delimiter)
