"""A feeder whose group method closes the queue at its end, driven by `while True:`."""
import threading

from tensorflow.compat import v1 as tf


class PassFeeder(object):
    """No Thread subclass: its thread targets `self.run`, which calls `_feed_all` forever; `_feed_all` feeds
    every row and closes the queue at its end (legacy's second call fails on the closed queue)."""

    def __init__(self, rows, batch_size):
        self._rows = rows
        self._n = batch_size
        self._placeholders = [tf.placeholder(tf.int32, [None], 'ids'), tf.placeholder(tf.int32, [None], 'odd')]
        queue = tf.FIFOQueue(4, [tf.int32, tf.int32], name='pass_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.ids, self.odd = queue.dequeue()

    def start_in_session(self, session):
        self._session = session
        self._thread = threading.Thread(target=self.run)
        self._thread.daemon = True
        self._thread.start()
        return self._thread

    def run(self):
        try:
            while True:
                self._feed_all()
        except tf.errors.CancelledError:
            pass

    def _feed_all(self):
        for k in range(0, len(self._rows), self._n):
            batch = self._rows[k:k + self._n]
            self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, (batch, batch % 2))))
        self._session.run(self._close_op)
