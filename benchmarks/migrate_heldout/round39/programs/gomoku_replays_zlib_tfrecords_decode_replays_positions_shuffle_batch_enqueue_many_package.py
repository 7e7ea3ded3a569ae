"""Gomoku value-network input: ZLIB replay files -> positions -> rebatched shuffle_batch."""
import os

import tensorflow.compat.v1 as tf

from gomoku39_lib import recording
from gomoku39_lib import train_input
from gomoku39_lib.flags import FLAGS


def main(data_dir):
  FLAGS.replay_dir = os.path.join(data_dir, 'h39_gomoku_replays', 'replays') + '/'
  total = recording.write_replays(FLAGS.replay_dir)

  features, scores = train_input.input()

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        f, s = sess.run([features, scores])
        batches.append([f.tolist(), s.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  seen = sum(len(b[1]) for b in batches)
  return {"batches": batches, "end": "positions: %d of %d" % (seen, total)}
