"""Change-ringing peals as actor trajectories for a central learner (IMPALA / A3C-like split).

Each bell tower is an actor thread: it unrolls its recorded peals `UNROLL` changes at a time and
pushes each trajectory through placeholders into one shared `tf.FIFOQueue`. The learner, on the
main thread, takes `dequeue_many(BATCH)` trajectories per update. When every actor has finished,
a closer thread closes the queue and the learner stops on `OutOfRangeError`.
"""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

NAME = 'h56_bell_tower_peals_actor_threads_placeholder_enqueue_trajectory_fifo_queue_learner_dequeue_many_close'
UNROLL = 3
OBS = 2          # (stroke gap in ms / 1000, handstroke flag)
BATCH = 4
NUM_ACTORS = 3


class TrajectoryQueue(object):

    def __init__(self, unroll, obs_dim, capacity=4):
        self.state_ph = tf.placeholder(tf.float32, shape=[unroll, obs_dim], name='unrolled_state')
        self.action_ph = tf.placeholder(tf.int32, shape=[unroll], name='unrolled_action')
        self.reward_ph = tf.placeholder(tf.float32, shape=[unroll], name='unrolled_reward')
        self.queue = tf.FIFOQueue(capacity, dtypes=[tf.float32, tf.int32, tf.float32],
                                  shapes=[[unroll, obs_dim], [unroll], [unroll]],
                                  shared_name='peal_buffer')
        self.enqueue_op = self.queue.enqueue([self.state_ph, self.action_ph, self.reward_ph])
        self.close_op = self.queue.close()

    def append_to_queue(self, sess, state, action, reward):
        sess.run(self.enqueue_op, feed_dict={self.state_ph: state,
                                             self.action_ph: action,
                                             self.reward_ph: reward})

    def sample_batch(self, batch_size):
        return self.queue.dequeue_many(batch_size, name='dequeued')


def actor(sess, coord, tq, tower_path):
    peal = np.loadtxt(tower_path, delimiter=',', ndmin=2)
    try:
        for start in range(0, len(peal) - UNROLL + 1, UNROLL):
            if coord.should_stop():
                break
            chunk = peal[start:start + UNROLL]
            tq.append_to_queue(sess, chunk[:, :OBS], chunk[:, OBS].astype(np.int32), chunk[:, OBS + 1])
    except Exception as e:
        coord.request_stop(e)


def write_towers(root):
    if not os.path.exists(root):
        os.makedirs(root)
    rng = np.random.RandomState(566)
    paths = []
    for tower in range(NUM_ACTORS):
        path = os.path.join(root, 'tower_%d.csv' % tower)
        rows = []
        for change in range(4 * UNROLL):
            gap = round(float(rng.uniform(0.18, 0.26)), 3)
            rows.append([gap, change % 2, rng.randint(0, 6), round(float(rng.uniform(-1, 1)), 2) + tower])
        np.savetxt(path, np.array(rows), delimiter=',', fmt='%.3f')
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_towers(os.path.join(data_dir, NAME))
    tq = TrajectoryQueue(UNROLL, OBS)
    states, actions, rewards = tq.sample_batch(BATCH)

    w = tf.get_variable('policy_w', [OBS, 6], initializer=tf.constant_initializer(0.05))
    logits = tf.einsum('btk,ka->bta', states, w)
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=actions, logits=logits)
                          * rewards)
    train_op = tf.train.RMSPropOptimizer(1e-3).minimize(loss)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    actors = [threading.Thread(target=actor, args=(sess, coord, tq, p)) for p in paths]
    for t in actors:
        t.start()

    def closer():
        coord.join(actors)
        sess.run(tq.close_op)

    closing = threading.Thread(target=closer)
    closing.start()

    batches = []
    try:
        while True:
            _, s, a, r = sess.run([train_op, states, actions, rewards])
            batches.append([np.round(s.astype(np.float64), 5).tolist(), a.tolist(),
                            np.round(r.astype(np.float64), 5).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    closing.join()
    sess.close()
    return {"batches": batches, "end": "trajectories: %d" % sum(len(b[1]) for b in batches)}
