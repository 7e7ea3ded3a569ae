"""Smoke-detector model and training configurations."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function


class ModelConfig(object):
  """Wrapper class for model hyperparameters."""

  def __init__(self):
    """Sets the default model hyperparameters."""
    # File pattern of sharded TFRecord file containing SequenceExample protos.
    # Must be provided in training and evaluation modes.
    self.input_file_pattern = None

    # Approximate number of values per input shard. Used to ensure sufficient
    # mixing between shards in training.
    self.values_per_input_shard = 6
    # Minimum number of shards to keep in the input queue.
    self.input_queue_capacity_factor = 2
    # Number of threads for prefetching SequenceExample protos.
    self.num_input_reader_threads = 1

    # Name of the SequenceExample context feature containing frame data.
    self.frame_feature_name = "frame/data"
    # Name of the SequenceExample feature list containing per-tile smoke scores.
    self.score_feature_name = "frame/smoke_scores"

    # Number of threads for frame preprocessing. Should be a multiple of 2.
    self.num_preprocess_threads = 1

    # Batch size.
    self.batch_size = 4

    # Dimensions of the camera frames (grayscale).
    self.frame_height = 4
    self.frame_width = 4
