"""Writes replays as ZLIB-compressed TFRecord files (what the self-play workers do)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

# (moves, winner) of each game; winner 1 = first player, 2 = second player.
GAMES = [
    ([4, 0, 8], 1),
    ([0, 4, 1, 2], 2),
    ([2, 6], 1),
    ([4, 1, 7, 3], 2),
    ([8, 5, 3], 1),
]


def _replay(moves, winner):
  return tf.train.Example(features=tf.train.Features(feature={
      'moves': tf.train.Feature(int64_list=tf.train.Int64List(value=moves)),
      'winner': tf.train.Feature(int64_list=tf.train.Int64List(value=[winner])),
  }))


def write_replays(replay_dir, games_per_file=2):
  if not os.path.isdir(replay_dir):
    os.makedirs(replay_dir)
  options = tf.python_io.TFRecordOptions(
      tf.python_io.TFRecordCompressionType.ZLIB)
  for start in range(0, len(GAMES), games_per_file):
    path = os.path.join(replay_dir, 'replays-%05d.tfrecords' % (start // games_per_file))
    with tf.python_io.TFRecordWriter(path, options=options) as writer:
      for moves, winner in GAMES[start:start + games_per_file]:
        writer.write(_replay(moves, winner).SerializeToString())
  return int(np.sum([len(m) for m, _ in GAMES]))
