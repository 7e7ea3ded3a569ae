"""A Thread feeder whose run calls the group method as a statement; the method closes the queue at the end of
the data and returns with no value (legacy: the thread spins on the closed queue until the coordinator stops)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class GroupFeeder(threading.Thread):
    def __init__(self, coordinator, rows, batch_size):
        super(GroupFeeder, self).__init__()
        self._coord = coordinator
        self._rows = rows
        self._n = batch_size
        self._offset = 0
        self._placeholders = [tf.placeholder(tf.int32, [None], 'ids'), tf.placeholder(tf.float32, [None], 'w')]
        queue = tf.FIFOQueue(4, [tf.int32, tf.float32], name='input_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.ids, self.weights = queue.dequeue()

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            while not self._coord.should_stop():
                self._enqueue_next_group()
        except tf.errors.CancelledError:
            pass
        except Exception as e:
            self._coord.request_stop(e)

    def _enqueue_next_group(self):
        if self._offset >= len(self._rows):
            self._session.run(self._close_op)
            return
        batch = self._rows[self._offset:self._offset + self._n]
        self._offset += self._n
        self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, (batch, batch * 0.5))))


def main(data_dir):
    coord = tf.train.Coordinator()
    feeder = GroupFeeder(coord, np.arange(12, dtype=np.int32), 3)
    batches, end = [], 'no end'
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        try:
            while True:
                i, w = sess.run([feeder.ids, feeder.weights])
                batches.append([i.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        feeder.join()
    return {'batches': batches, 'end': end}
