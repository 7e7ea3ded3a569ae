"""A Tacotron-style feeder thread handed the program's coordinator: a `threading.Thread` subclass whose `run`
loops while the coordinator does not stop it, and reports an error to it after printing it (unless the
program stopped first)."""

import threading
import traceback

import numpy as np
import tensorflow.compat.v1 as tf


class Feeder(threading.Thread):
    def __init__(self, coordinator, rows, batch_size):
        super(Feeder, self).__init__()
        self._coord = coordinator
        self._rows = rows
        self._n = batch_size
        self._placeholders = [tf.placeholder(tf.float32, [None, 2], 'x'), tf.placeholder(tf.int32, [None], 'y')]
        queue = tf.FIFOQueue(4, [tf.float32, tf.int32], name='batches')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self.x, self.y = queue.dequeue()
        self.x.set_shape(self._placeholders[0].shape)
        self.y.set_shape(self._placeholders[1].shape)

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            while not self._coord.should_stop():
                self._enqueue_group()
        except Exception as e:
            if not self._coord.should_stop():
                traceback.print_exc()
            self._coord.request_stop(e)

    def _enqueue_group(self):
        for i in range(0, len(self._rows), self._n):
            chunk = self._rows[i:i + self._n]
            batch = (np.array([[r, r * 0.5] for r in chunk], np.float32), np.array(chunk, np.int32))
            self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, batch)))
