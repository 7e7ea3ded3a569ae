"""Pin-stack picking trials learned GA3C-style: agents, a training queue and a trainer thread.

Each agent (a thread here; processes in GA3C) replays one locksmith's recorded trials and puts
experience chunks `(x, r, a)` into the server's `training_q`; a `ThreadTrainer` gathers chunks
until `TRAINING_MIN_BATCH_SIZE` rows and calls `server.train_model`, which feeds the rows to the
network through placeholders. When the agents are done the server puts a `None` for the trainer.
"""
import os
from threading import Thread

import numpy as np
from six.moves.queue import Queue
import tensorflow.compat.v1 as tf

NAME = 'h56_locksmith_pin_stack_trials_ga3c_style_agent_threads_training_queue_thread_trainer_min_batch_feed'


class Config:
    AGENTS = 3
    TRAINERS = 1
    MAX_QUEUE_SIZE = 10
    TRAINING_MIN_BATCH_SIZE = 4
    NUM_PINS = 5
    NUM_ACTIONS = 3
    LEARNING_RATE = 0.0003


class NetworkVP:
    def __init__(self, device, model_name, num_actions):
        self.device = device
        self.model_name = model_name
        self.num_actions = num_actions
        with tf.device(self.device):
            self._create_graph()
            self.sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True,
                                                         log_device_placement=False))
            self.sess.run(tf.global_variables_initializer())

    def _create_graph(self):
        self.x = tf.placeholder(tf.float32, [None, Config.NUM_PINS], name='X')
        self.y_r = tf.placeholder(tf.float32, [None], name='Yr')
        self.action_index = tf.placeholder(tf.float32, [None, self.num_actions])
        self.global_step = tf.Variable(0, trainable=False, name='step')
        w = tf.get_variable('w', [Config.NUM_PINS, self.num_actions], initializer=tf.zeros_initializer())
        v = tf.get_variable('v', [Config.NUM_PINS, 1], initializer=tf.zeros_initializer())
        self.logits_v = tf.squeeze(tf.matmul(self.x, v), axis=[1])
        self.softmax_p = tf.nn.softmax(tf.matmul(self.x, w))
        self.cost_v = 0.5 * tf.reduce_sum(tf.square(self.y_r - self.logits_v))
        selected = tf.reduce_sum(self.softmax_p * self.action_index, axis=1)
        self.cost_p = -tf.reduce_sum(tf.log(selected + 1e-6) * (self.y_r - tf.stop_gradient(self.logits_v)))
        self.train_op = tf.train.RMSPropOptimizer(Config.LEARNING_RATE).minimize(
            self.cost_p + self.cost_v, global_step=self.global_step)

    def train(self, x, y_r, a, trainer_id):
        feed_dict = {self.x: x, self.y_r: y_r, self.action_index: a}
        _, fx, fr, fa = self.sess.run([self.train_op, self.x, self.y_r, self.action_index], feed_dict=feed_dict)
        return fx, fr, fa


class ProcessAgent(Thread):
    def __init__(self, id, training_q, trials_path):
        super(ProcessAgent, self).__init__()
        self.id = id
        self.training_q = training_q
        self.trials_path = trials_path

    def run(self):
        trials = np.loadtxt(self.trials_path, delimiter=',', ndmin=2)
        for start in range(0, len(trials), 2):
            chunk = trials[start:start + 2]
            x_ = chunk[:, :Config.NUM_PINS].astype(np.float32)
            r_ = chunk[:, Config.NUM_PINS].astype(np.float32)
            a_ = np.eye(Config.NUM_ACTIONS, dtype=np.float32)[chunk[:, Config.NUM_PINS + 1].astype(int)]
            self.training_q.put((x_, r_, a_))


class ThreadTrainer(Thread):
    def __init__(self, server, id):
        super(ThreadTrainer, self).__init__()
        self.setDaemon(True)

        self.id = id
        self.server = server
        self.exit_flag = False

    def run(self):
        while not self.exit_flag:
            batch_size = 0
            x__ = r__ = a__ = None
            while batch_size <= Config.TRAINING_MIN_BATCH_SIZE - 1:
                item = self.server.training_q.get()
                if item is None:
                    self.exit_flag = True
                    break
                x_, r_, a_ = item
                if batch_size == 0:
                    x__ = x_; r__ = r_; a__ = a_
                else:
                    x__ = np.concatenate((x__, x_))
                    r__ = np.concatenate((r__, r_))
                    a__ = np.concatenate((a__, a_))
                batch_size += x_.shape[0]
            if batch_size > 0:
                self.server.train_model(x__, r__, a__, self.id)


class Server:
    def __init__(self, trials_paths):
        self.training_q = Queue(maxsize=Config.MAX_QUEUE_SIZE)
        self.model = NetworkVP('/cpu:0', 'pinstack', Config.NUM_ACTIONS)
        self.trials_paths = trials_paths
        self.agents = []
        self.trainers = []
        self.trained = []

    def train_model(self, x_, r_, a_, trainer_id):
        fx, fr, fa = self.model.train(x_, r_, a_, trainer_id)
        self.trained.append([np.round(fx.astype(np.float64), 4).tolist(),
                             np.round(fr.astype(np.float64), 4).tolist(),
                             np.argmax(fa, axis=1).tolist()])

    def main(self):
        for i in range(Config.TRAINERS):
            self.trainers.append(ThreadTrainer(self, i))
            self.trainers[-1].start()
        for i, path in enumerate(self.trials_paths):
            self.agents.append(ProcessAgent(i, self.training_q, path))
            self.agents[-1].start()
        for agent in self.agents:
            agent.join()
        for _ in self.trainers:
            self.training_q.put(None)
        for trainer in self.trainers:
            trainer.join()
        step = self.model.sess.run(self.model.global_step)
        self.model.sess.close()
        return step


def write_trials(root):
    if not os.path.exists(root):
        os.makedirs(root)
    rng = np.random.RandomState(5616)
    paths = []
    for smith in range(Config.AGENTS):
        rows = []
        for t in range(8):
            pins = np.round(rng.uniform(0.1, 0.9, size=Config.NUM_PINS), 2)
            reward = float(rng.randint(-1, 2))
            action = rng.randint(0, Config.NUM_ACTIONS)
            rows.append(list(pins) + [reward, action])
        path = os.path.join(root, 'locksmith_%d.csv' % smith)
        np.savetxt(path, np.array(rows), delimiter=',', fmt='%.2f')
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_trials(os.path.join(data_dir, NAME))
    server = Server(paths)
    steps = server.main()
    return {"batches": server.trained,
            "end": "trials: %d, updates: %d" % (sum(len(b[1]) for b in server.trained), steps)}
