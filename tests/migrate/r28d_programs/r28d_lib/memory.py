"""Experience queue: a feeder thread pushes transitions collected by the environment into a FIFOQueue."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf

STATE_DIM = 3


class ExperienceQueue(object):

    def __init__(self, capacity=64):
        self.state_ph = tf.placeholder(tf.float32, [STATE_DIM], name='state')
        self.action_ph = tf.placeholder(tf.int32, [], name='action')
        self.reward_ph = tf.placeholder(tf.float32, [], name='reward')
        self.next_state_ph = tf.placeholder(tf.float32, [STATE_DIM], name='next_state')
        self.done_ph = tf.placeholder(tf.bool, [], name='done')
        self.queue = tf.FIFOQueue(
            capacity, [tf.float32, tf.int32, tf.float32, tf.float32, tf.bool],
            shapes=[[STATE_DIM], [], [], [STATE_DIM], []], name='experience')
        self.enqueue_op = self.queue.enqueue(
            [self.state_ph, self.action_ph, self.reward_ph, self.next_state_ph, self.done_ph])
        self.close_op = self.queue.close()
        self._thread = None

    def _feed(self, sess, transitions):
        for s, a, r, s2, d in transitions:
            sess.run(self.enqueue_op, feed_dict={self.state_ph: s, self.action_ph: a, self.reward_ph: r,
                                                 self.next_state_ph: s2, self.done_ph: d})
        sess.run(self.close_op)

    def start(self, sess, transitions):
        self._thread = threading.Thread(target=self._feed, args=(sess, transitions))
        self._thread.daemon = True
        self._thread.start()

    def join(self):
        self._thread.join()


def rollout(num_steps=12, seed=4):
    rng = np.random.RandomState(seed)
    state = np.zeros(STATE_DIM, np.float32)
    out = []
    for t in range(num_steps):
        action = int(rng.randint(0, 2))
        nxt = (state + (1 if action else -1) * 0.1 + rng.uniform(-0.01, 0.01, STATE_DIM)).astype(np.float32)
        reward = float(np.round(-np.abs(nxt).sum(), 4))
        done = (t % 6) == 5
        out.append((state, action, reward, nxt, done))
        state = np.zeros(STATE_DIM, np.float32) if done else nxt
    return out
