"""A Thread feeder whose run calls the closing group method once (no loop): still rewritten."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class OnceFeeder(threading.Thread):
    def __init__(self, coord, rows, batch_size):
        super(OnceFeeder, self).__init__()
        self._coord = coord
        self._rows = rows
        self._n = batch_size
        self._placeholders = [tf.placeholder(tf.int32, [None], 'ids'), tf.placeholder(tf.int32, [None], 'neg')]
        queue = tf.FIFOQueue(4, [tf.int32, tf.int32], name='once_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.ids, self.neg = queue.dequeue()

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            self._feed_all()
        except tf.errors.CancelledError:
            pass

    def _feed_all(self):
        for k in range(0, len(self._rows), self._n):
            batch = self._rows[k:k + self._n]
            self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, (batch, -batch))))
        self._session.run(self._close_op)


def main(data_dir):
    coord = train.Coordinator()
    feeder = OnceFeeder(coord, np.arange(20, 32, dtype=np.int32), 2)
    batches, end = [], 'no end'
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        try:
            while not coord.should_stop():
                i, n = sess.run([feeder.ids, feeder.neg])
                batches.append([i.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        feeder.join()
    return {'batches': batches, 'end': end}
