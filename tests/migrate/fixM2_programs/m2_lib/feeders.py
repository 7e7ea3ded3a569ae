"""Feeding classes given a coordinator or not (``coord=None``), told of an error only where they were given one."""
import threading
import traceback

import numpy as np
import tensorflow.compat.v1 as tf


class GroupFeeder(object):
    """Pads groups of rows into batches on a background thread; one batch per enqueue, read by ``dequeue``."""

    def __init__(self, rows, batch_size, coord=None):
        self._rows = rows
        self._batch_size = batch_size
        self._coord = coord
        self._placeholders = [
            tf.placeholder(tf.int32, [None, None], 'values'),
            tf.placeholder(tf.int32, [None], 'lengths'),
        ]
        queue = tf.FIFOQueue(4, [tf.int32, tf.int32], name='group_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.values, self.lengths = queue.dequeue()

    def start_in_session(self, session):
        self._session = session
        self._thread = threading.Thread(target=self._run)
        self._thread.daemon = True
        self._thread.start()

    def _run(self):
        try:
            for i in range(0, len(self._rows), self._batch_size):
                group = sorted(self._rows[i:i + self._batch_size], key=len)
                width = max(len(r) for r in group)
                padded = np.array([r + [0] * (width - len(r)) for r in group], dtype=np.int32)
                lengths = np.array([len(r) for r in group], dtype=np.int32)
                self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, (padded, lengths))))
            self._session.run(self._close_op)
        except Exception as e:
            traceback.print_exc()
            if self._coord:
                self._coord.request_stop(e)


class RowFeeder:
    """One row per enqueue through two placeholder attributes, ``dequeue_up_to`` keeping the short tail."""

    def __init__(self, rows, batch_size, coord=None):
        self.rows = rows
        self.coord = coord
        self.x = tf.placeholder(tf.float32, [2])
        self.y = tf.placeholder(tf.int32, [])
        self.queue = tf.FIFOQueue(8, [tf.float32, tf.int32], shapes=[[2], []])
        self.enqueue = self.queue.enqueue([self.x, self.y])
        self.batch_x, self.batch_y = self.queue.dequeue_up_to(batch_size)

    def feed(self, sess):
        try:
            for i, row in enumerate(self.rows):
                sess.run(self.enqueue, feed_dict={self.x: row, self.y: i})
            sess.run(self.queue.close())
        except Exception as e:
            if self.coord is not None:
                self.coord.request_stop(e)

    def start(self, sess):
        thread = threading.Thread(target=self.feed, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]
