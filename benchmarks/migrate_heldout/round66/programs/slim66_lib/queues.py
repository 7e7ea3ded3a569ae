"""Contains a helper context for running queue runners (after slim's queues.py)."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

from contextlib import contextmanager
import threading

import tensorflow.compat.v1 as tf

__all__ = [
    'NestedQueueRunnerError',
    'QueueRunners',
]

_queue_runner_lock = threading.Lock()


class NestedQueueRunnerError(Exception):
  pass


@contextmanager
def QueueRunners(session):
  """Creates a context manager that handles starting and stopping queue runners.

  Args:
    session: the currently running session.

  Yields:
    a context in which queues are run.

  Raises:
    NestedQueueRunnerError: if a QueueRunners context is nested within another.
  """
  if not _queue_runner_lock.acquire(False):
    raise NestedQueueRunnerError('QueueRunners cannot be nested')

  coord = tf.train.Coordinator()
  threads = []
  for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
    threads.extend(
        qr.create_threads(
            session, coord=coord, daemon=True, start=True))
  try:
    yield
  finally:
    coord.request_stop()
    try:
      coord.join(threads, stop_grace_period_secs=120)
    except RuntimeError:
      session.close()

    _queue_runner_lock.release()
