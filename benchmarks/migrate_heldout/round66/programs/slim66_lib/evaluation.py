"""Contains functions for evaluation and summarization of metrics (a reduced evaluate_once after slim's
evaluation.py: no checkpoint to restore, the hooks kept)."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


class StopAfterNEvalsHook(tf.train.SessionRunHook):
  """Run hook used by the evaluation routines to run the `eval_ops` N times."""

  def __init__(self, num_evals):
    self._num_evals = num_evals
    self._evals_completed = 0

  def after_run(self, run_context, run_values):
    self._evals_completed += 1
    if self._evals_completed >= self._num_evals:
      run_context.request_stop()


class FinalOpsHook(tf.train.SessionRunHook):
  """A hook which evaluates `Tensors` at the end of a session."""

  def __init__(self, final_ops):
    self._final_ops = final_ops
    self._final_ops_values = None

  @property
  def final_ops_values(self):
    return self._final_ops_values

  def end(self, session):
    if self._final_ops is not None:
      self._final_ops_values = session.run(self._final_ops)


def evaluate_once(num_evals=1, initial_op=None, eval_op=None, final_op=None,
                  hooks=None):
  """Evaluates the model once: runs `eval_op` `num_evals` times, returns `final_op`'s value."""
  all_hooks = [StopAfterNEvalsHook(num_evals)]
  final_ops_hook = FinalOpsHook(final_op)
  all_hooks.append(final_ops_hook)
  if hooks:
    all_hooks.extend(hooks)

  scaffold = tf.train.Scaffold(
      init_op=tf.group(tf.global_variables_initializer(),
                       tf.local_variables_initializer()))
  with tf.train.MonitoredSession(
      session_creator=tf.train.ChiefSessionCreator(scaffold=scaffold),
      hooks=all_hooks) as session:
    if initial_op is not None:
      session.run(initial_op)
    while not session.should_stop():
      session.run(eval_op)
  return final_ops_hook.final_ops_values
