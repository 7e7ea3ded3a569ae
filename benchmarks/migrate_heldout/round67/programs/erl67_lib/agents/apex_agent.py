"""Apex, an async actor-learner architecture. see http://arxiv.org/abs/1803.00933 for details.

Single machine layout: the actor pushes transitions into the in-queue, the memory keeps them
and sends sampled batches to the out-queue, the learner dequeues them.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import threading
import queue

import numpy as np
import tensorflow as tf

from erl67_lib.agents.monitor import ProxyReceiver, ProxySender


class Executor(object):
    """What the agent runs its ops with (a session in this layout)."""

    def __init__(self, sess):
        self._sess = sess

    def run(self, fetches, feed_dict=None):
        return self._sess.run(fetches, feed_dict=feed_dict)


class ReplayBuffer(object):
    def __init__(self, capacity, seed):
        self._storage = []
        self._capacity = capacity
        self._next = 0
        self._rng = np.random.RandomState(seed)

    def __len__(self):
        return len(self._storage)

    def add(self, transition):
        if len(self._storage) < self._capacity:
            self._storage.append(transition)
        else:
            self._storage[self._next] = transition
        self._next = (self._next + 1) % self._capacity

    def sample(self, batch_size):
        idxes = self._rng.randint(0, len(self._storage), size=batch_size)
        cols = list(zip(*[self._storage[i] for i in idxes]))
        return [np.stack(c) for c in cols] + [idxes.astype(np.int32)]


class ApexAgent(object):
    _agent_name = "Apex"
    _default_model_class = "DQN"

    def __init__(self, config, sess):
        self.config = config
        self.executor = Executor(sess)
        self._num_sampled_timesteps = 0
        self._build_communication(job_name="memory", task_index=0)
        self._buffer = self._create_buffer()

    def _create_buffer(self):
        return ReplayBuffer(self.config["buffer_size"], seed=self.config.get("seed", 0))

    def _get_in_queue_meta(self):
        obs_dim = self.config["obs_dim"]
        phs = [tf.compat.v1.placeholder(tf.float32, (obs_dim,), name="in_obs"),
               tf.compat.v1.placeholder(tf.int32, (), name="in_action"),
               tf.compat.v1.placeholder(tf.float32, (), name="in_reward"),
               tf.compat.v1.placeholder(tf.float32, (obs_dim,), name="in_next_obs"),
               tf.compat.v1.placeholder(tf.float32, (), name="in_done")]
        dtypes = [ph.dtype for ph in phs]
        shapes = [ph.shape for ph in phs]
        return dtypes, shapes, phs

    def _get_out_queue_meta(self):
        obs_dim = self.config["obs_dim"]
        batch_size = self.config["batch_size"]
        phs = [tf.compat.v1.placeholder(tf.float32, (batch_size, obs_dim)),
               tf.compat.v1.placeholder(tf.int32, (batch_size,)),
               tf.compat.v1.placeholder(tf.float32, (batch_size,)),
               tf.compat.v1.placeholder(tf.float32, (batch_size, obs_dim)),
               tf.compat.v1.placeholder(tf.float32, (batch_size,))]
        dtypes = [ph.dtype for ph in phs]
        shapes = [ph.shape for ph in phs]
        if self.config.get("prioritized_replay", False):
            ph = tf.compat.v1.placeholder(dtype=tf.int32, shape=(self.config["batch_size"], ))
            dtypes.append(ph.dtype)
            shapes.append(ph.shape)
            phs.append(ph)
        return dtypes, shapes, phs

    def _build_communication(self, job_name, task_index):
        in_dtypes, in_shapes, self.in_queue_phs = self._get_in_queue_meta()
        out_dtypes, out_shapes, self.out_queue_phs = self._get_out_queue_meta()
        with tf.device("/job:localhost/replica:0/task:0/device:CPU:0"):
            self._in_queue = tf.compat.v1.FIFOQueue(
                8, in_dtypes, in_shapes, shared_name="inqueue{}".format(task_index))
            self._en_in_queue = self._in_queue.enqueue(self.in_queue_phs)
            self._de_in_queue = self._in_queue.dequeue()
            self._close_in_queue = self._in_queue.close()

            self._out_queue = tf.compat.v1.FIFOQueue(
                4, out_dtypes, out_shapes, shared_name="outqueue{}".format(task_index))
            self._en_out_queue = self._out_queue.enqueue(self.out_queue_phs)
            self._de_out_queue = self._out_queue.dequeue()
            self._close_out_queue = self._out_queue.close()

    def _setup_communication(self):
        self._stop_indicator = threading.Event()

        # create threads for non-blocking communication
        self._actor2mem_q = queue.Queue(8)
        self._stop_actor2mem_indicator = threading.Event()
        self._actor2mem = ProxyReceiver(
            self.executor, self._de_in_queue,
            self._actor2mem_q, self._stop_actor2mem_indicator)
        self._actor2mem.start()

        self._mem2learner_q = queue.Queue(8)
        self._stop_mem2learner_indicator = threading.Event()
        self._mem2learner = ProxySender(
            self._mem2learner_q, self.executor, self._en_out_queue, self.out_queue_phs,
            self._stop_mem2learner_indicator, send_buffer_index=0,
            close_op=self._close_out_queue)
        self._mem2learner.start()

        self._memory_thread = threading.Thread(target=self._run_memory)
        self._memory_thread.daemon = True
        self._memory_thread.start()

    def _run_memory(self):
        """Receives transitions; every batch_size new ones, sends one sampled batch to the learner."""
        batch_size = self.config["batch_size"]
        while True:
            data = self._actor2mem_q.get()
            if data is None:
                self._mem2learner_q.put(None)
                break
            self._buffer.add(tuple(data))
            self._num_sampled_timesteps += 1
            if self._num_sampled_timesteps % batch_size == 0 and len(self._buffer) >= batch_size:
                batch = self._buffer.sample(batch_size)
                if not self.config.get("prioritized_replay", False):
                    batch = batch[:-1]
                self._mem2learner_q.put(batch)

    def send_experience(self, obs, action, reward, next_obs, done):
        self.executor.run(self._en_in_queue, feed_dict=dict(
            zip(self.in_queue_phs, [obs, action, reward, next_obs, done])))

    def receive_experience(self):
        return self.executor.run(self._de_out_queue)

    def close_actor(self):
        self.executor.run(self._close_in_queue)

    def join(self):
        self._actor2mem.join()
        self._memory_thread.join()
        self._mem2learner.join()
