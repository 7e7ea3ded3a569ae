"""
Collection of input pipelines.

An input pipeline defines how to read and parse data. It produces a tuple
of (features, labels) that can be read by tf.learn estimators.

(held-out round 71: rewritten after google/seq2seq's ``seq2seq/data/input_pipeline.py``; the params come as a
plain dict merged over ``default_params()`` instead of the Configurable machinery; ``six.add_metaclass`` became a Python 3 ``metaclass=``.)
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import abc
import copy

import tensorflow.compat.v1 as tf

from ferris71_seq2seq.data import parallel_data_provider


class InputPipeline(object, metaclass=abc.ABCMeta):
  """Abstract InputPipeline class. All input pipelines must inherit from this.
  An InputPipeline defines how data is read, parsed, and separated into
  features and labels.
  """

  def __init__(self, params, mode, name):
    self.name = name
    self.mode = mode
    self.params = copy.deepcopy(self.default_params())
    self.params.update(params or {})

  @staticmethod
  def default_params():
    return {
        "shuffle": True,
        "num_epochs": None,
    }

  def make_data_provider(self, **kwargs):
    """Creates DataProvider instance for this input pipeline. Additional
    keyword arguments are passed to the DataProvider.
    """
    raise NotImplementedError("Not implemented.")

  @property
  def feature_keys(self):
    """Defines the features that this input pipeline provides. Returns
      a set of strings.
    """
    return set()

  @property
  def label_keys(self):
    """Defines the labels that this input pipeline provides. Returns
      a set of strings.
    """
    return set()

  @staticmethod
  def read_from_data_provider(data_provider):
    """Utility function to read all available items from a DataProvider.
    """
    item_values = data_provider.get(list(data_provider.list_items()))
    items_dict = dict(zip(data_provider.list_items(), item_values))
    return items_dict


class ParallelTextInputPipeline(InputPipeline):
  """An input pipeline that reads two parallel (line-by-line aligned) text
  files.

  Params:
    source_files: An array of file names for the source data.
    target_files: An array of file names for the target data. These must
      be aligned to the `source_files`.
    source_delimiter: A character to split the source text on. Defaults
      to  " " (space). For character-level training this can be set to the
      empty string.
    target_delimiter: Same as `source_delimiter` but for the target text.
  """

  @staticmethod
  def default_params():
    params = InputPipeline.default_params()
    params.update({
        "source_files": [],
        "target_files": [],
        "source_delimiter": " ",
        "target_delimiter": " ",
    })
    return params

  def make_data_provider(self, **kwargs):
    target_files = self.params["target_files"]
    if not target_files:
      target_files = None
    return parallel_data_provider.make_parallel_data_provider(
        data_sources_source=self.params["source_files"],
        data_sources_target=target_files,
        shuffle=self.params["shuffle"],
        num_epochs=self.params["num_epochs"],
        source_delimiter=self.params["source_delimiter"],
        target_delimiter=self.params["target_delimiter"],
        **kwargs)

  @property
  def feature_keys(self):
    return set(["source_tokens", "source_len"])

  @property
  def label_keys(self):
    return set(["target_tokens", "target_len"])
