"""Threads that move data between tf queues and python queues without blocking the main loop."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import threading
import queue

import tensorflow as tf


class ProxyReceiver(threading.Thread):
    """Receives data from a tf queue (by running its dequeue op) and puts them into a python queue."""

    def __init__(self, executor, dequeue_op, py_queue, stop_indicator):
        super(ProxyReceiver, self).__init__()
        self.daemon = True
        self._executor = executor
        self._dequeue_op = dequeue_op
        self._queue = py_queue
        self._stop_indicator = stop_indicator

    def run(self):
        while not self._stop_indicator.is_set():
            try:
                data = self._executor.run(self._dequeue_op)
            except (tf.errors.OutOfRangeError, tf.errors.CancelledError):
                # the upstream queue is closed: tell the consumer
                self._queue.put(None)
                break
            self._queue.put(data)


class ProxySender(threading.Thread):
    """Takes data from a python queue and sends them to a tf queue through placeholders."""

    def __init__(self, py_queue, executor, enqueue_op, placeholders, stop_indicator,
                 send_buffer_index=0, close_op=None):
        super(ProxySender, self).__init__()
        self.daemon = True
        self._queue = py_queue
        self._executor = executor
        self._enqueue_op = enqueue_op
        self._placeholders = placeholders
        self._stop_indicator = stop_indicator
        self._send_buffer_index = send_buffer_index
        self._close_op = close_op

    def run(self):
        while not self._stop_indicator.is_set():
            try:
                data = self._queue.get(timeout=1)
            except queue.Empty:
                continue
            if data is None:
                if self._close_op is not None:
                    self._executor.run(self._close_op)
                break
            self._executor.run(
                self._enqueue_op,
                feed_dict={ph: d for ph, d in zip(self._placeholders, data)})


class StopMonitor(threading.Thread):
    """Sets the stop indicator once the scheduled number of timesteps was sampled."""

    def __init__(self, executor, num_sampled_timesteps, scheduled_timesteps, stop_indicator):
        super(StopMonitor, self).__init__()
        self.daemon = True
        self._num_sampled_timesteps = num_sampled_timesteps
        self._scheduled_timesteps = scheduled_timesteps
        self._stop_indicator = stop_indicator

    def run(self):
        while not self._stop_indicator.is_set():
            if self._num_sampled_timesteps() >= self._scheduled_timesteps:
                self._stop_indicator.set()
                break
            self._stop_indicator.wait(0.05)
