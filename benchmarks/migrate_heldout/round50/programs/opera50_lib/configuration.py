"""Surtitle tagger model and training configurations."""


class ModelConfig(object):
  """Wrapper class for model hyperparameters."""

  def __init__(self):
    # File pattern of sharded TFRecord file containing SequenceExample protos.
    self.input_file_pattern = None
    # Name of the SequenceExample context feature containing the token ids of a line.
    self.context_feature_name = "line/token_ids"
    # Name of the SequenceExample feature list containing one tag per token
    # (0 = sung, 1 = spoken, 2 = stage direction).
    self.tag_feature_name = "line/tags"
    self.batch_size = 3
    self.values_per_input_shard = 10
    self.input_queue_capacity_factor = 2
    self.num_input_reader_threads = 1
