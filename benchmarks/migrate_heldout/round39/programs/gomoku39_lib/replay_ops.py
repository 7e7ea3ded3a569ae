"""Ops used to construct training samples from serialized replays.

The original loaded a custom kernel (replay_ops_kernel.so); this one decodes the
replay proto with plain ops so it runs anywhere.
"""
import tensorflow.compat.v1 as tf

_REPLAY_FEATURES = {
    'moves': tf.VarLenFeature(tf.int64),
    'winner': tf.FixedLenFeature([], tf.int64),
}


def decode_replays(record_string, board_cells=9, name=None):
  """Decodes one replay into a batch of positions, one for each move played.

  Returns:
    features: float32 [num_moves, board_cells], the board after each move
      (+1 for the first player's stones, -1 for the second's).
    scores: float32 [num_moves], 1.0 when the first player won the game.
  """
  with tf.name_scope(name, 'decode_replays', [record_string]):
    parsed = tf.parse_single_example(record_string, _REPLAY_FEATURES)
    moves = tf.sparse_tensor_to_dense(parsed['moves'])
    num_moves = tf.size(moves)
    # Player of each move: +1, -1, +1, ...
    player = 1.0 - 2.0 * tf.cast(tf.range(num_moves) % 2, tf.float32)
    stones = tf.one_hot(moves, board_cells) * tf.expand_dims(player, 1)
    features = tf.cumsum(stones, axis=0)
    won = tf.cast(tf.equal(parsed['winner'], 1), tf.float32)
    scores = tf.fill([num_moves], won)
    return features, scores
