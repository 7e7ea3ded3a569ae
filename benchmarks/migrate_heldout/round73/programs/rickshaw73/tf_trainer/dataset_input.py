"""Abstract input class."""
import abc

from rickshaw73.tf_trainer import types


class DatasetInput(abc.ABC):

  @abc.abstractmethod
  def train_input_fn(self) -> types.FeatureAndLabelTensors:
    pass

  @abc.abstractmethod
  def validate_input_fn(self) -> types.FeatureAndLabelTensors:
    pass
