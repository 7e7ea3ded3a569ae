"""A feeder whose group method rewinds and closes, driven in a loop over epochs."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class EpochFeeder(threading.Thread):
    """`run` loops epochs around `if not self._enqueue_next_group(): break`: the break leaves the inner loop
    only; the method rewinds and closes at the end of a pass (legacy's next epoch fails on the closed queue)."""

    def __init__(self, rows, batch_size, epochs):
        super(EpochFeeder, self).__init__()
        self._rows = rows
        self._n = batch_size
        self._epochs = epochs
        self._offset = 0
        self._placeholders = [tf.placeholder(tf.int32, [None], 'ids'), tf.placeholder(tf.int32, [None], 'sq')]
        queue = tf.FIFOQueue(4, [tf.int32, tf.int32], name='epoch_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.ids, self.squares = queue.dequeue()

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            for _ in range(self._epochs):
                while True:
                    if not self._enqueue_next_group():
                        break
        except tf.errors.CancelledError:
            pass

    def _enqueue_next_group(self):
        if self._offset >= len(self._rows):
            self._offset = 0
            self._session.run(self._close_op)
            return False
        batch = np.asarray(self._rows[self._offset:self._offset + self._n], dtype=np.int32)
        self._offset += self._n
        self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, (batch, batch * batch))))
        return True
