"""
A simple version of OpenAI's Proximal Policy Optimization (PPO), distributed
like DeepMind's DPPO: workers collect data in parallel, the global PPO stops
their roll-out and trains on the collected data, then lets them go on.

Discrete action space (CartPole).  Here the "environment" replays pole-balancing
runs recorded on a real cart rig (one .csv per run), so no gym is needed.
"""

import os
import threading
import queue
import json

import numpy as np
import tensorflow as tf

EP_MAX = 3
EP_LEN = 6
N_WORKER = 1                # parallel workers (one: the rig logs are replayed in order)
GAMMA = 0.9                 # reward discount factor
A_LR = 0.0001               # learning rate for actor
C_LR = 0.0002               # learning rate for critic
MIN_BATCH_SIZE = 4          # minimum batch size for updating PPO
UPDATE_STEP = 3             # loop update operation n-steps
EPSILON = 0.2               # for clipping surrogate objective
S_DIM, A_DIM = 4, 2         # state and action dimension

DATA = None


class PPONet(object):
    def __init__(self):
        self.sess = tf.compat.v1.Session()
        self.tfs = tf.compat.v1.placeholder(tf.float32, [None, S_DIM], 'state')

        # critic
        # tf.layers.dense(self.tfs, 100, tf.nn.relu) in the original; a hand-made dense here
        lc = self._dense(self.tfs, 8, 'lc', tf.nn.relu)
        self.v = self._dense(lc, 1, 'v')
        self.tfdc_r = tf.compat.v1.placeholder(tf.float32, [None, 1], 'discounted_r')
        self.advantage = self.tfdc_r - self.v
        self.closs = tf.reduce_mean(tf.square(self.advantage))
        self.ctrain_op = tf.compat.v1.train.AdamOptimizer(C_LR).minimize(self.closs)

        # actor
        self.pi, pi_params = self._build_anet('pi', trainable=True)
        oldpi, oldpi_params = self._build_anet('oldpi', trainable=False)

        self.update_oldpi_op = [oldp.assign(p) for p, oldp in zip(pi_params, oldpi_params)]

        self.tfa = tf.compat.v1.placeholder(tf.int32, [None, ], 'action')
        self.tfadv = tf.compat.v1.placeholder(tf.float32, [None, 1], 'advantage')

        a_indices = tf.stack([tf.range(tf.shape(self.tfa)[0], dtype=tf.int32), self.tfa], axis=1)
        pi_prob = tf.gather_nd(params=self.pi, indices=a_indices)   # shape=(None, )
        oldpi_prob = tf.gather_nd(params=oldpi, indices=a_indices)  # shape=(None, )
        ratio = pi_prob / (oldpi_prob + 1e-5)
        surr = ratio * self.tfadv                       # surrogate loss

        self.aloss = -tf.reduce_mean(tf.minimum(        # clipped surrogate objective
            surr,
            tf.clip_by_value(ratio, 1. - EPSILON, 1. + EPSILON) * self.tfadv))

        self.atrain_op = tf.compat.v1.train.AdamOptimizer(A_LR).minimize(self.aloss)
        self.sess.run(tf.compat.v1.global_variables_initializer())

    def _dense(self, x, units, name, activation=None):
        with tf.compat.v1.variable_scope(name):
            w = tf.compat.v1.get_variable('kernel', [x.get_shape()[1], units],
                                          initializer=tf.compat.v1.constant_initializer(0.1))
            b = tf.compat.v1.get_variable('bias', [units], initializer=tf.compat.v1.zeros_initializer())
            out = tf.matmul(x, w) + b
            return activation(out) if activation is not None else out

    def update(self):
        global GLOBAL_UPDATE_COUNTER
        while not COORD.should_stop():
            if GLOBAL_EP < EP_MAX:
                UPDATE_EVENT.wait()                     # wait until get batch of data
                if COORD.should_stop():                 # (added) woken up only to leave
                    break
                self.sess.run(self.update_oldpi_op)     # copy pi to old pi
                data = [QUEUE.get() for _ in range(QUEUE.qsize())]      # collect data from all workers
                data = np.vstack(data)
                s, a, r = data[:, :S_DIM], data[:, S_DIM: S_DIM + 1].ravel(), data[:, -1:]
                adv = self.sess.run(self.advantage, {self.tfs: s, self.tfdc_r: r})
                # update actor and critic in a update loop
                [self.sess.run(self.atrain_op, {self.tfs: s, self.tfa: a, self.tfadv: adv}) for _ in range(UPDATE_STEP)]
                [self.sess.run(self.ctrain_op, {self.tfs: s, self.tfdc_r: r}) for _ in range(UPDATE_STEP)]
                DATA["batches"].append([np.round(s, 3).tolist(), a.astype(int).tolist(),
                                        np.round(r, 3).tolist()])
                UPDATE_EVENT.clear()        # updating finished
                GLOBAL_UPDATE_COUNTER = 0   # reset counter
                ROLLING_EVENT.set()         # set roll-out available

    def _build_anet(self, name, trainable):
        with tf.compat.v1.variable_scope(name):
            w = tf.compat.v1.get_variable('w', [S_DIM, A_DIM], trainable=trainable,
                                          initializer=tf.compat.v1.constant_initializer(0.05))
            a_prob = tf.nn.softmax(tf.matmul(self.tfs, w))
        params = tf.compat.v1.get_collection(tf.compat.v1.GraphKeys.GLOBAL_VARIABLES, scope=name)
        return a_prob, params

    def choose_action(self, s):  # run by a local
        prob_weights = self.sess.run(self.pi, feed_dict={self.tfs: s[None, :]})
        action = np.random.choice(range(prob_weights.shape[1]),
                                  p=prob_weights.ravel())  # select action w.r.t the actions prob
        return action

    def get_v(self, s):
        if s.ndim < 2: s = s[np.newaxis, :]
        return self.sess.run(self.v, {self.tfs: s})[0, 0]


class RigReplay(object):
    """gym-like: reset() / step(a) over the recorded runs of the rig."""

    def __init__(self, run_files):
        self.runs = [np.loadtxt(f, delimiter=',', dtype=np.float32, ndmin=2) for f in run_files]
        self.run = -1
        self.t = 0

    def reset(self):
        self.run = (self.run + 1) % len(self.runs)
        self.t = 0
        return self.runs[self.run][0, :S_DIM]

    def step(self, a):
        rows = self.runs[self.run]
        self.t += 1
        s_ = rows[min(self.t, len(rows) - 1), :S_DIM]
        r = float(rows[self.t - 1, S_DIM])
        done = self.t >= len(rows) - 1
        return s_, r, done, {}


class Worker(object):
    def __init__(self, wid, run_files):
        self.wid = wid
        self.env = RigReplay(run_files)
        self.ppo = GLOBAL_PPO

    def work(self):
        global GLOBAL_EP, GLOBAL_RUNNING_R, GLOBAL_UPDATE_COUNTER
        while not COORD.should_stop():
            s = self.env.reset()
            ep_r = 0
            buffer_s, buffer_a, buffer_r = [], [], []
            for t in range(EP_LEN):
                if not ROLLING_EVENT.is_set():                  # while global PPO is updating
                    ROLLING_EVENT.wait()                        # wait until PPO is updated
                    buffer_s, buffer_a, buffer_r = [], [], []   # clear history buffer, use new policy to collect data
                a = self.ppo.choose_action(s)
                s_, r, done, _ = self.env.step(a)
                if done: r = -10
                buffer_s.append(s)
                buffer_a.append(a)
                buffer_r.append(r - 1)                          # 0 for not down, -11 for down. Reward engineering
                s = s_
                ep_r += r

                GLOBAL_UPDATE_COUNTER += 1                      # count to minimum batch size, no need to wait other workers
                if t == EP_LEN - 1 or GLOBAL_UPDATE_COUNTER >= MIN_BATCH_SIZE or done:
                    if done:
                        v_s_ = 0                                # end of episode
                    else:
                        v_s_ = self.ppo.get_v(s_)

                    discounted_r = []                           # compute discounted reward
                    for r in buffer_r[::-1]:
                        v_s_ = r + GAMMA * v_s_
                        discounted_r.append(v_s_)
                    discounted_r.reverse()

                    bs, ba, br = np.vstack(buffer_s), np.vstack(buffer_a), np.array(discounted_r)[:, None]
                    buffer_s, buffer_a, buffer_r = [], [], []
                    QUEUE.put(np.hstack((bs, ba, br)))          # put data in the queue
                    if GLOBAL_UPDATE_COUNTER >= MIN_BATCH_SIZE:
                        ROLLING_EVENT.clear()       # stop collecting data
                        UPDATE_EVENT.set()          # globalPPO update

                    if GLOBAL_EP >= EP_MAX:         # stop training
                        COORD.request_stop()
                        break

                    if done: break

            # record reward changes, plot later
            if len(GLOBAL_RUNNING_R) == 0: GLOBAL_RUNNING_R.append(ep_r)
            else: GLOBAL_RUNNING_R.append(GLOBAL_RUNNING_R[-1] * 0.9 + ep_r * 0.1)
            GLOBAL_EP += 1
            # print('{0:.1f}%'.format(GLOBAL_EP / EP_MAX * 100), '|W%i' % self.wid, '|Ep_r: %.2f' % ep_r, )
            if GLOBAL_EP >= EP_MAX:         # (added) the replayed runs are used up
                COORD.request_stop()
                UPDATE_EVENT.set()          # wake the global PPO so that it can leave


def _write_runs(folder):
    rng = np.random.RandomState(67)
    paths = []
    for k in range(EP_MAX):
        rows = []
        x, v, th, w = 0.0, 0.0, 0.02 * (k + 1), 0.0
        for t in range(EP_LEN + 1):
            rows.append([round(x, 3), round(v, 3), round(th, 3), round(w, 3), 1.0])
            v += rng.uniform(-0.1, 0.1)
            x += 0.1 * v
            w += 0.3 * th + rng.uniform(-0.05, 0.05)
            th += 0.1 * w
        path = os.path.join(folder, 'rig_run_%d.csv' % k)
        with open(path, 'w') as f:
            for row in rows:
                f.write(','.join('%.3f' % c for c in row) + '\n')
        paths.append(path)
    return paths


def main(data_dir):
    global GLOBAL_PPO, UPDATE_EVENT, ROLLING_EVENT, GLOBAL_UPDATE_COUNTER, GLOBAL_EP
    global GLOBAL_RUNNING_R, COORD, QUEUE, DATA
    folder = os.path.join(data_dir, 'h67_cartpole')
    os.makedirs(folder, exist_ok=True)
    run_files = _write_runs(folder)
    np.random.seed(67)
    DATA = {"batches": []}

    GLOBAL_PPO = PPONet()
    UPDATE_EVENT, ROLLING_EVENT = threading.Event(), threading.Event()
    UPDATE_EVENT.clear()            # not update now
    ROLLING_EVENT.set()             # start to roll out
    workers = [Worker(wid=i, run_files=run_files) for i in range(N_WORKER)]

    GLOBAL_UPDATE_COUNTER, GLOBAL_EP = 0, 0
    GLOBAL_RUNNING_R = []
    COORD = tf.compat.v1.train.Coordinator()
    QUEUE = queue.Queue()           # workers putting data in this queue
    threads = []
    for worker in workers:          # worker threads
        t = threading.Thread(target=worker.work, args=())
        t.start()                   # training
        threads.append(t)
    # add a PPO updating thread
    threads.append(threading.Thread(target=GLOBAL_PPO.update, ))
    threads[-1].start()
    COORD.join(threads)
    GLOBAL_PPO.sess.close()
    DATA["end"] = {"episodes": GLOBAL_EP, "left_in_queue": QUEUE.qsize(),
                   "running_r": [round(float(x), 3) for x in GLOBAL_RUNNING_R]}
    return DATA
