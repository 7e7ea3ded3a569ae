"""Stand-in for the tf.app.flags of the training script (no absl parsing in a library run)."""


class _Flags(object):
  replay_dir = 'data/replays/'
  model_dir = 'data/model/'
  batch_size = 4
  board_size = 3


FLAGS = _Flags()
