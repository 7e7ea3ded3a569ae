"""Glass-melting furnace burner control (DQN-style): transitions kept in a numpy replay memory; a
feeding thread samples minibatches and pushes them through placeholders into a FIFOQueue whose
dequeue is the training input; a fixed number of training steps."""
import json
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

STATE_DIM = 3  # crown temperature, bath temperature, O2
NUM_ACTIONS = 3  # lower, hold, raise gas


class ReplayMemory(object):
    def __init__(self, size, state_dim, seed=0):
        self.size = size
        self.states = np.zeros((size, state_dim), dtype=np.float32)
        self.actions = np.zeros(size, dtype=np.int32)
        self.rewards = np.zeros(size, dtype=np.float32)
        self.next_states = np.zeros((size, state_dim), dtype=np.float32)
        self.count = 0
        self.current = 0
        self.rng = np.random.RandomState(seed)

    def add(self, state, action, reward, next_state):
        self.states[self.current] = state
        self.actions[self.current] = action
        self.rewards[self.current] = reward
        self.next_states[self.current] = next_state
        self.count = max(self.count, self.current + 1)
        self.current = (self.current + 1) % self.size

    def sample(self, batch_size):
        idx = self.rng.choice(self.count, batch_size, replace=False)
        return idx, self.states[idx], self.actions[idx], self.rewards[idx], self.next_states[idx]


class ReplayFeeder(object):
    def __init__(self, memory, batch_size, capacity=4):
        self.memory = memory
        self.batch_size = batch_size
        self.idx_ph = tf.placeholder(tf.int64, [batch_size])
        self.s_ph = tf.placeholder(tf.float32, [batch_size, STATE_DIM])
        self.a_ph = tf.placeholder(tf.int32, [batch_size])
        self.r_ph = tf.placeholder(tf.float32, [batch_size])
        self.s2_ph = tf.placeholder(tf.float32, [batch_size, STATE_DIM])
        self.queue = tf.FIFOQueue(capacity, [tf.int64, tf.float32, tf.int32, tf.float32, tf.float32],
                                  shapes=[[batch_size], [batch_size, STATE_DIM], [batch_size],
                                          [batch_size], [batch_size, STATE_DIM]])
        self.enqueue_op = self.queue.enqueue([self.idx_ph, self.s_ph, self.a_ph, self.r_ph, self.s2_ph])
        self.close_op = self.queue.close(cancel_pending_enqueues=True)

    def dequeue(self):
        return self.queue.dequeue()

    def feed_loop(self, sess, coord):
        try:
            while not coord.should_stop():
                idx, s, a, r, s2 = self.memory.sample(self.batch_size)
                sess.run(self.enqueue_op, feed_dict={self.idx_ph: idx, self.s_ph: s, self.a_ph: a,
                                                     self.r_ph: r, self.s2_ph: s2})
        except tf.errors.CancelledError:
            pass

    def start(self, sess, coord):
        t = threading.Thread(target=self.feed_loop, args=(sess, coord))
        t.daemon = True
        t.start()
        return t


def _write_log(path):
    rng = np.random.RandomState(1450)
    with open(path, 'w') as f:
        state = [1450.0, 1380.0, 2.0]
        for t in range(16):
            action = int(rng.randint(NUM_ACTIONS))
            nxt = [state[0] + (action - 1) * 5 + rng.randint(-3, 4),
                   state[1] + (action - 1) * 3, round(state[2] + rng.uniform(-0.2, 0.2), 2)]
            reward = -abs(nxt[0] - 1450.0) / 10.0
            f.write(json.dumps({'s': state, 'a': action, 'r': reward, 's2': nxt}) + '\n')
            state = nxt


def main(data_dir):
    root = os.path.join(data_dir, 'h51_furnace_replay')
    if not os.path.isdir(root):
        os.makedirs(root)
    log = os.path.join(root, 'transitions.jsonl')
    _write_log(log)

    memory = ReplayMemory(32, STATE_DIM, seed=51)
    with open(log) as f:
        for line in f:
            t = json.loads(line)
            memory.add((np.array(t['s']) - 1400.0) / 100.0, t['a'], t['r'],
                       (np.array(t['s2']) - 1400.0) / 100.0)

    feeder = ReplayFeeder(memory, batch_size=4)
    idx, s, a, r, s2 = feeder.dequeue()
    with tf.variable_scope('q'):
        w = tf.get_variable('w', [STATE_DIM, NUM_ACTIONS], initializer=tf.constant_initializer(0.1))
    q = tf.matmul(s, w)
    q_sa = tf.reduce_sum(q * tf.one_hot(a, NUM_ACTIONS), axis=1)
    target = r + 0.9 * tf.reduce_max(tf.matmul(s2, w), axis=1)
    td = target - q_sa

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    thread = feeder.start(sess, coord)
    for step in range(5):
        i, ac, rw, err = sess.run([idx, a, r, td])
        batches.append([i.tolist(), ac.tolist(), np.round(rw.astype(np.float64), 4).tolist(),
                        np.round(err.astype(np.float64), 4).tolist()])
    coord.request_stop()
    sess.run(feeder.close_op)
    thread.join()
    sess.close()
    return {"batches": batches, "end": "train steps: %d" % len(batches)}
