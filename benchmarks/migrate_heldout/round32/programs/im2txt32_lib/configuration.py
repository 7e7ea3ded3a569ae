"""Image-to-text model and training configurations."""


class ModelConfig(object):
  """Wrapper class for model hyperparameters."""

  def __init__(self):
    self.input_file_pattern = None
    self.image_format = "raw"
    self.values_per_input_shard = 6
    self.input_queue_capacity_factor = 2
    self.num_input_reader_threads = 2
    self.image_feature_name = "image/data"
    self.caption_feature_name = "image/caption_ids"
    self.batch_size = 4
    self.num_preprocess_threads = 2
    self.image_size = 2
