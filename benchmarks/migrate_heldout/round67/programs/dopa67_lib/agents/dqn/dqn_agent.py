# coding=utf-8
"""Compact implementation of a DQN agent (the replay and train-op plumbing)."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections

import numpy as np
import tensorflow.compat.v1 as tf

from dopa67_lib.replay_memory import circular_replay_buffer

# These are aliases which are used by other classes.
NATURE_DQN_OBSERVATION_SHAPE = (2, 2)  # Size of downscaled paddle frames (84 x 84 in Atari).
NATURE_DQN_DTYPE = tf.uint8  # DType of Atari 2600 observations.
NATURE_DQN_STACK_SIZE = 2  # Number of frames in the state stack.

DQNNetworkType = collections.namedtuple('dqn_network', ['q_values'])


def linearly_decaying_epsilon(decay_period, step, warmup_steps, epsilon):
  steps_left = decay_period + warmup_steps - step
  bonus = (1.0 - epsilon) * steps_left / decay_period
  bonus = np.clip(bonus, 0., 1. - epsilon)
  return epsilon + bonus


class DQNAgent(object):
  """An implementation of the DQN agent."""

  def __init__(self,
               sess,
               num_actions,
               observation_shape=NATURE_DQN_OBSERVATION_SHAPE,
               observation_dtype=NATURE_DQN_DTYPE,
               stack_size=NATURE_DQN_STACK_SIZE,
               gamma=0.99,
               update_horizon=1,
               min_replay_history=20000,
               update_period=4,
               target_update_period=8000,
               replay_capacity=1000000,
               batch_size=32,
               use_staging=False,
               optimizer=None):
    assert isinstance(observation_shape, tuple)
    self.num_actions = num_actions
    self.observation_shape = tuple(observation_shape)
    self.observation_dtype = observation_dtype
    self.stack_size = stack_size
    self.gamma = gamma
    self.update_horizon = update_horizon
    self.cumulative_gamma = np.power(gamma, update_horizon)
    self.min_replay_history = min_replay_history
    self.target_update_period = target_update_period
    self.update_period = update_period
    self.replay_capacity = replay_capacity
    self.batch_size = batch_size
    self.eval_mode = False
    self.training_steps = 0
    self.optimizer = optimizer or tf.train.RMSPropOptimizer(
        learning_rate=0.00025, decay=0.95, momentum=0.0, epsilon=0.00001,
        centered=True)

    with tf.device('/cpu:*'):
      self._replay = self._build_replay_buffer(use_staging)
      self._build_networks()
      self._train_op = self._build_train_op()

    self._sess = sess

  def _network_template(self, state):
    net = tf.cast(state, tf.float32)
    net = tf.div(net, 255.)
    net = tf.reshape(net, [-1, int(np.prod(self.observation_shape)) * self.stack_size])
    w = tf.get_variable('q_w', [net.get_shape()[1], self.num_actions],
                        initializer=tf.constant_initializer(0.01))
    return DQNNetworkType(tf.matmul(net, w))

  def _build_networks(self):
    self.online_convnet = tf.make_template('Online', self._network_template)
    self.target_convnet = tf.make_template('Target', self._network_template)
    self._replay_net_outputs = self.online_convnet(self._replay.states)
    self._replay_next_target_net_outputs = self.target_convnet(
        self._replay.next_states)

  def _build_replay_buffer(self, use_staging):
    """Creates the replay buffer used by the agent."""
    return circular_replay_buffer.WrappedReplayBuffer(
        observation_shape=self.observation_shape,
        stack_size=self.stack_size,
        use_staging=use_staging,
        replay_capacity=self.replay_capacity,
        batch_size=self.batch_size,
        update_horizon=self.update_horizon,
        gamma=self.gamma,
        observation_dtype=self.observation_dtype.as_numpy_dtype)

  def _build_target_q_op(self):
    replay_next_qt_max = tf.reduce_max(
        self._replay_next_target_net_outputs.q_values, 1)
    return self._replay.rewards + self.cumulative_gamma * replay_next_qt_max * (
        1. - tf.cast(self._replay.terminals, tf.float32))

  def _build_train_op(self):
    replay_action_one_hot = tf.one_hot(
        self._replay.actions, self.num_actions, 1., 0., name='action_one_hot')
    replay_chosen_q = tf.reduce_sum(
        self._replay_net_outputs.q_values * replay_action_one_hot,
        axis=1,
        name='replay_chosen_q')

    target = tf.stop_gradient(self._build_target_q_op())
    loss = tf.losses.huber_loss(
        target, replay_chosen_q, reduction=tf.losses.Reduction.NONE)
    self._loss = tf.reduce_mean(loss)
    self._target = target
    return self.optimizer.minimize(self._loss)

  def _store_transition(self, last_observation, action, reward, is_terminal):
    self._replay.add(last_observation, action, reward, is_terminal)

  def _train_step(self):
    """Runs a single training step; returns what the replay handed out, or None."""
    fetched = None
    if self._replay.memory.add_count > self.min_replay_history:
      if self.training_steps % self.update_period == 0:
        fetched = self._sess.run([self._train_op, self._replay.transition, self._target])
    self.training_steps += 1
    return fetched
