# Trimmed from slim's deployment/model_deploy.py: one or more clones of a
# model on the CPU, inputs on the CPU.
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections

import tensorflow.compat.v1 as tf

__all__ = ['create_clones', 'DeploymentConfig']

Clone = collections.namedtuple('Clone', ['outputs', 'scope', 'device'])


class DeploymentConfig(object):
  """Configuration for deploying a model with `deploy()`."""

  def __init__(self, num_clones=1, clone_on_cpu=False, replica_id=0,
               num_replicas=1, num_ps_tasks=0, worker_job_name='worker',
               ps_job_name='ps'):
    self._num_clones = num_clones
    self._clone_on_cpu = clone_on_cpu
    self._replica_id = replica_id
    self._num_replicas = num_replicas
    self._num_ps_tasks = num_ps_tasks
    self._worker_device = '/job:' + worker_job_name if num_ps_tasks > 0 else ''

  @property
  def num_clones(self):
    return self._num_clones

  def clone_device(self, clone_index):
    if self._clone_on_cpu:
      return self._worker_device + '/device:CPU:0'
    return self._worker_device + '/device:GPU:%d' % clone_index

  def clone_scope(self, clone_index):
    return 'clone_%d' % clone_index if self._num_clones > 1 else ''

  def inputs_device(self):
    return self._worker_device + '/device:CPU:0'

  def variables_device(self):
    return self._worker_device + '/device:CPU:0'


def create_clones(config, model_fn, args=None, kwargs=None):
  """Creates multiple clones according to config using a `model_fn`."""
  clones = []
  args = args or []
  kwargs = kwargs or {}
  for i in range(0, config.num_clones):
    with tf.name_scope(config.clone_scope(i)) as clone_scope:
      clone_device = config.clone_device(i)
      with tf.device(clone_device):
        with tf.variable_scope(tf.get_variable_scope(),
                               reuse=True if i > 0 else None):
          outputs = model_fn(*args, **kwargs)
        clones.append(Clone(outputs, clone_scope, clone_device))
  return clones
