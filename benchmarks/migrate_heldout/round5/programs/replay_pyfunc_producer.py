"""An RL-style transition source: a Python iterator behind a py_func producer that ends with StopIteration."""

import numpy as np
import tensorflow as tf


class EpisodeSource(object):
  """Deterministic transitions of a few short episodes (state, action, reward)."""

  def __init__(self, num_transitions=30, seed=7):
    rng = np.random.RandomState(seed)
    self.states = rng.randint(0, 100, size=(num_transitions, 2)).astype(np.float32)
    self.actions = rng.randint(0, 4, size=num_transitions).astype(np.int64)
    self.rewards = (self.actions.astype(np.float32) - 1.5) * 0.5

  def __iter__(self):
    for i in range(len(self.actions)):
      yield self.states[i], self.actions[i], self.rewards[i]


def make_sample_fn(source):
  iterator = iter(source)

  def _next_transition():
    state, action, reward = next(iterator)  # StopIteration at the end of the data ends the queue
    return state, action, np.float32(reward)

  return _next_transition


def build_batches(source, batch_size):
  state, action, reward = tf.compat.v1.py_func(
      make_sample_fn(source), [], [tf.float32, tf.int64, tf.float32], stateful=True, name='transition')
  state.set_shape([2])
  action.set_shape([])
  reward.set_shape([])
  return tf.compat.v1.train.batch([state, action, reward], batch_size=batch_size, num_threads=1,
                                  capacity=4 * batch_size, allow_smaller_final_batch=True)


def main(data_dir):
  del data_dir  # the transitions are generated
  states, actions, rewards = build_batches(EpisodeSource(), batch_size=8)
  batches = []
  end = None
  with tf.compat.v1.Session() as sess:
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        s, a, r = sess.run([states, actions, rewards])
        batches.append([s.tolist(), a.tolist(), r.tolist()])
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': batches, 'end': end}
