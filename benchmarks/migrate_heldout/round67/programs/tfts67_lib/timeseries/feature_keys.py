"""Commonly used special feature names for time series models."""


class TrainEvalFeatures(object):
  """Feature names used during training and evaluation."""
  TIMES = "times"
  VALUES = "values"
