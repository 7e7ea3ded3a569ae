"""A3C on a curling-sheet replay, in the shape of the universe starter agent.

A `RunnerThread` steps the environment with the current policy and puts `PartialRollout`s of
`num_local_steps` into a `six.moves.queue.Queue(5)`; the trainer pulls a rollout, extends it up to
the end of the episode, turns it into a `Batch` with `process_rollout` and feeds it through
placeholders. The environment replays recorded throws (one episode = one end of the game).
"""
from __future__ import print_function
from collections import namedtuple
import os
import threading

import numpy as np
import six.moves.queue as queue
import tensorflow.compat.v1 as tf

NAME = 'h56_curling_stone_throws_a3c_runner_thread_partial_rollouts_six_queue_pull_batch_process_rollout_placeholders'
OB_DIM = 3
NUM_ACTIONS = 3


def discount(x, gamma):
    out = np.zeros(len(x), dtype=np.float64)
    running = 0.0
    for t in reversed(range(len(x))):
        running = x[t] + gamma * running
        out[t] = running
    return out


def process_rollout(rollout, gamma, lambda_=1.0):
    """
given a rollout, compute its returns and the advantage
"""
    batch_si = np.asarray(rollout.states)
    batch_a = np.asarray(rollout.actions)
    rewards = np.asarray(rollout.rewards)
    vpred_t = np.asarray(rollout.values + [rollout.r])

    rewards_plus_v = np.asarray(rollout.rewards + [rollout.r])
    batch_r = discount(rewards_plus_v, gamma)[:-1]
    delta_t = rewards + gamma * vpred_t[1:] - vpred_t[:-1]
    # this formula for the advantage comes "Generalized Advantage Estimation":
    # https://arxiv.org/abs/1506.02438
    batch_adv = discount(delta_t, gamma * lambda_)

    return Batch(batch_si, batch_a, batch_adv, batch_r, rollout.terminal)

Batch = namedtuple("Batch", ["si", "a", "adv", "r", "terminal"])


class PartialRollout(object):
    """
a piece of a complete rollout.  We run our agent, and process its experience
once it has processed enough steps.
"""
    def __init__(self):
        self.states = []
        self.actions = []
        self.rewards = []
        self.values = []
        self.r = 0.0
        self.terminal = False

    def add(self, state, action, reward, value, terminal):
        self.states += [state]
        self.actions += [action]
        self.rewards += [reward]
        self.values += [value]
        self.terminal = terminal

    def extend(self, other):
        assert not self.terminal
        self.states.extend(other.states)
        self.actions.extend(other.actions)
        self.rewards.extend(other.rewards)
        self.values.extend(other.values)
        self.r = other.r
        self.terminal = other.terminal


class CurlingSheetEnv(object):
    """Replays recorded ends: each throw is (weight, line, curl) -> the stone's score change."""

    def __init__(self, path):
        self.ends = []
        with open(path) as f:
            current = []
            for line in f:
                line = line.strip()
                if not line:
                    continue
                if line == 'END':
                    self.ends.append(current)
                    current = []
                    continue
                cols = line.split(',')
                current.append(([float(c) for c in cols[:OB_DIM]], int(cols[3]), float(cols[4])))
        self.end_i = -1
        self.t = 0

    def reset(self):
        self.end_i += 1
        self.t = 0
        if self.end_i >= len(self.ends):
            return None
        return np.array(self.ends[self.end_i][0][0], dtype=np.float32)

    def step(self, action):
        throws = self.ends[self.end_i]
        _, recorded_action, reward = throws[self.t]
        self.t += 1
        done = self.t >= len(throws)
        ob = None if done else np.array(throws[self.t][0], dtype=np.float32)
        return ob, reward, done, {"recorded_action": recorded_action}


class LinearPolicy(object):
    def __init__(self, ob_space, ac_space):
        self.x = x = tf.placeholder(tf.float32, [None, ob_space], name="x")
        w = tf.get_variable("w", [ob_space, ac_space], initializer=tf.constant_initializer(0.1))
        v = tf.get_variable("v", [ob_space, 1], initializer=tf.constant_initializer(0.2))
        self.logits = tf.matmul(x, w)
        self.vf = tf.reshape(tf.matmul(x, v), [-1])
        self.var_list = [w, v]

    def value(self, ob):
        sess = tf.get_default_session()
        return sess.run(self.vf, {self.x: [ob]})[0]


def env_runner(env, policy, num_local_steps):
    """
The logic of the thread runner.  In brief, it constantly keeps on running
the policy, and as long as the rollout exceeds a certain length, the thread
runner appends the policy to the queue.  (Here the recorded ends run out, and then it stops.)
"""
    last_state = env.reset()
    while last_state is not None:
        rollout = PartialRollout()
        for _ in range(num_local_steps):
            value_ = policy.value(last_state)
            state, reward, terminal, info = env.step(None)
            # the replay keeps the recorded throw as the action taken
            rollout.add(last_state, info["recorded_action"], reward, value_, terminal)
            last_state = state
            if terminal:
                last_state = env.reset()
                break
        if not rollout.terminal:
            rollout.r = policy.value(last_state)
        # once we have enough experience, yield it, and have the ThreadRunner place it on a queue
        yield rollout


class RunnerThread(threading.Thread):
    """
One of the key distinctions between a normal environment and a universe environment
is that a universe environment is _real time_.  This means that there should be a thread
that would constantly interact with the environment and tell it what to do.  This thread is here.
"""
    def __init__(self, env, policy, num_local_steps):
        threading.Thread.__init__(self)
        self.queue = queue.Queue(5)
        self.num_local_steps = num_local_steps
        self.env = env
        self.policy = policy
        self.daemon = True
        self.sess = None

    def start_runner(self, sess):
        self.sess = sess
        self.start()

    def run(self):
        with self.sess.as_default():
            self._run()

    def _run(self):
        rollout_provider = env_runner(self.env, self.policy, self.num_local_steps)
        for rollout in rollout_provider:
            # the timeout variable exists because apparently, if one worker dies, the other workers
            # won't die with it, unless the timeout is set to some large number.  This is an empirical
            # observation.
            self.queue.put(rollout, timeout=600.0)
        self.queue.put(None, timeout=600.0)


class A3C(object):
    def __init__(self, env, task=0):
        self.env = env
        self.task = task
        with tf.variable_scope("global"):
            self.network = pi = LinearPolicy(OB_DIM, NUM_ACTIONS)
            self.global_step = tf.get_variable("global_step", [], tf.int32,
                                               initializer=tf.constant_initializer(0, dtype=tf.int32),
                                               trainable=False)
        self.ac = tf.placeholder(tf.float32, [None, NUM_ACTIONS], name="ac")
        self.adv = tf.placeholder(tf.float32, [None], name="adv")
        self.r = tf.placeholder(tf.float32, [None], name="r")

        log_prob_tf = tf.nn.log_softmax(pi.logits)
        pi_loss = - tf.reduce_sum(tf.reduce_sum(log_prob_tf * self.ac, [1]) * self.adv)
        vf_loss = 0.5 * tf.reduce_sum(tf.square(pi.vf - self.r))
        self.loss = pi_loss + 0.5 * vf_loss

        self.runner = RunnerThread(env, pi, 2)
        grads = tf.gradients(self.loss, pi.var_list)
        grads, _ = tf.clip_by_global_norm(grads, 40.0)
        opt = tf.train.AdamOptimizer(1e-4)
        self.train_op = tf.group(opt.apply_gradients(list(zip(grads, pi.var_list))),
                                 self.global_step.assign_add(tf.shape(pi.x)[0]))
        self.lock = threading.Lock()

    def start(self, sess):
        self.runner.start_runner(sess)

    def pull_batch_from_queue(self):
        """
self explanatory:  take a rollout from the queue of the thread runner.
"""
        rollout = self.runner.queue.get(timeout=600.0)
        if rollout is None:
            return None
        while not rollout.terminal:
            # the source drains with get_nowait(); here the rest of the end is waited for
            nxt = self.runner.queue.get(timeout=600.0)
            rollout.extend(nxt)
        return rollout

    def process(self, sess):
        """
process grabs a rollout that's been produced by the thread runner,
and updates the parameters.
"""
        rollout = self.pull_batch_from_queue()
        if rollout is None:
            return None
        batch = process_rollout(rollout, gamma=0.99, lambda_=1.0)
        feed_dict = {
            self.network.x: batch.si,
            self.ac: np.eye(NUM_ACTIONS, dtype=np.float32)[batch.a],
            self.adv: batch.adv,
            self.r: batch.r,
        }
        with self.lock:
            _, si, ac, r = sess.run([self.train_op, self.network.x, self.ac, self.r], feed_dict=feed_dict)
        return [np.round(si.astype(np.float64), 5).tolist(), np.argmax(ac, axis=1).tolist(),
                np.round(r.astype(np.float64), 4).tolist()]


def write_ends(path):
    rng = np.random.RandomState(565)
    with open(path, 'w') as f:
        for end in range(4):
            for throw in range(int(rng.randint(3, 6))):
                weight, line, curl = rng.uniform(0, 1, size=3)
                f.write('%.3f,%.3f,%.3f,%d,%.1f\n' % (weight, line, curl, rng.randint(0, NUM_ACTIONS),
                                                       rng.randint(-1, 3)))
            f.write('END\n')


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    if not os.path.exists(root):
        os.makedirs(root)
    path = os.path.join(root, 'ends.csv')
    write_ends(path)
    env = CurlingSheetEnv(path)
    trainer = A3C(env)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        trainer.start(sess)
        while True:
            got = trainer.process(sess)
            if got is None:
                break
            batches.append(got)
        trainer.runner.join()
        step = sess.run(trainer.global_step)
    return {"batches": batches, "end": "throws: %d, global step: %d" % (sum(len(b[1]) for b in batches), step)}
