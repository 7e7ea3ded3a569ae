# Copyright 2017 The Sonnet Authors. All Rights Reserved. (trimmed)
"""Base class for Sonnet-1-style modules, and a Linear module.

Only what the scripts of this project use: a module is built by calling it;
variables are created in the module's own variable scope and are shared on the
following calls.
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import abc

import numpy as np
import six
import tensorflow.compat.v1 as tf


class Error(Exception):
  """Base class for all errors from snt."""


class NotConnectedError(Error):
  """Error raised when operating on a module that has not yet been connected."""


@six.add_metaclass(abc.ABCMeta)
class AbstractModule(object):
  """Superclass for Sonnet Modules."""

  def __init__(self, name=None):
    if name is None:
      name = type(self).__name__.lower()
    self._module_name = name
    self._is_connected = False
    self._num_calls = 0

  @abc.abstractmethod
  def _build(self, *args, **kwargs):
    """Add elements to the Graph, computing output Tensors from input Tensors."""

  def __call__(self, *args, **kwargs):
    reuse = tf.AUTO_REUSE
    with tf.variable_scope(self._module_name, reuse=reuse):
      outputs = self._build(*args, **kwargs)
    self._is_connected = True
    self._num_calls += 1
    return outputs

  @property
  def module_name(self):
    return self._module_name

  @property
  def is_connected(self):
    return self._is_connected

  def _ensure_is_connected(self):
    if not self._is_connected:
      raise NotConnectedError(
          "Variables in {} not instantiated yet, __call__ the module "
          "first.".format(self._module_name))


class Linear(AbstractModule):
  """Linear module, optionally including bias."""

  def __init__(self, output_size, use_bias=True, seed=1, name="linear"):
    super(Linear, self).__init__(name=name)
    self._output_size = output_size
    self._use_bias = use_bias
    self._seed = seed

  def _build(self, inputs):
    input_size = inputs.get_shape().as_list()[1]
    rng = np.random.RandomState(self._seed)
    w_init = rng.uniform(-0.5, 0.5, size=(input_size, self._output_size))
    self._w = tf.get_variable("w", shape=[input_size, self._output_size],
                              dtype=inputs.dtype,
                              initializer=tf.constant_initializer(w_init))
    outputs = tf.matmul(inputs, self._w)
    if self._use_bias:
      self._b = tf.get_variable("b", shape=[self._output_size], dtype=inputs.dtype,
                                initializer=tf.constant_initializer(0.25))
      outputs += self._b
    return outputs
