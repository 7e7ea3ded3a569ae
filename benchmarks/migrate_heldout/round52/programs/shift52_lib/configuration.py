"""Default configuration for the shift-thought model."""


class _HParams(object):
  """Wrapper for configuration parameters."""
  pass


def model_config(input_file_pattern=None,
                 input_queue_capacity=64,
                 num_input_reader_threads=1,
                 shuffle_input_data=True,
                 uniform_init_scale=0.1,
                 vocab_size=12,
                 batch_size=128,
                 word_embedding_dim=3,
                 bidirectional_encoder=False,
                 encoder_dim=4):
  """Creates a model configuration object."""
  config = _HParams()
  config.input_file_pattern = input_file_pattern
  config.input_queue_capacity = input_queue_capacity
  config.num_input_reader_threads = num_input_reader_threads
  config.shuffle_input_data = shuffle_input_data
  config.uniform_init_scale = uniform_init_scale
  config.vocab_size = vocab_size
  config.batch_size = batch_size
  config.word_embedding_dim = word_embedding_dim
  config.bidirectional_encoder = bidirectional_encoder
  config.encoder_dim = encoder_dim
  return config
