"""Reinforcement-learning replay sampling: a replay buffer saved as `.npz` (written under
`data_dir/h14_replay_range_dequeue_many/` from the CSV tables), loaded into a `ReplayMemory` object whose
`sample_batch()` makes a shuffled **`range_input_producer` over the buffer's indices**, takes **`dequeue_many`**
and gathers each array with `tf.gather` (no batch call); bare `Session`, `start_queue_runners(sess)` without a
coordinator, loop until `OutOfRangeError`."""

import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf


def _write_buffer(data_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    rows = np.concatenate([np.loadtxt(p, delimiter=',', skiprows=1, ndmin=2)
                           for p in sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))])
    n = len(rows)
    path = os.path.join(out_dir, 'replay.npz')
    np.savez(path,
             obs=rows[:, :2].astype(np.float32),
             action=rows[:, 2].astype(np.int32),
             reward=(rows[:, 0] % 3).astype(np.float32),
             done=(np.arange(n) % 10 == 9))
    return path


class ReplayMemory(object):

    def __init__(self, path):
        data = np.load(path)
        self.obs = data['obs']
        self.action = data['action']
        self.reward = data['reward']
        self.done = data['done']
        self.size = len(self.obs)

    def sample_batch(self, batch_size, num_epochs=1, seed=11):
        index_queue = tf.train.range_input_producer(self.size, num_epochs=num_epochs, shuffle=True, seed=seed)
        idx = index_queue.dequeue_many(batch_size)
        return {
            'obs': tf.gather(tf.constant(self.obs), idx),
            'action': tf.gather(tf.constant(self.action), idx),
            'reward': tf.gather(tf.constant(self.reward), idx),
            'done': tf.gather(tf.constant(self.done), idx),
        }


def main(data_dir):
    memory = ReplayMemory(_write_buffer(data_dir, os.path.join(data_dir, 'h14_replay_range_dequeue_many')))
    batch = memory.sample_batch(batch_size=10)

    batches, end = [], None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    tf.train.start_queue_runners(sess)
    try:
        while True:
            out = sess.run(batch)
            batches.append({k: v.tolist() for k, v in out.items()})
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    sess.close()
    return {'batches': batches, 'end': end}
