"""A feeder object (no Thread subclass) whose `start_in_session` makes a daemon thread of `self.run`."""
import threading

import numpy as np
from tensorflow.compat import v1 as tf


class TakesFeeder(object):
    def __init__(self, sess, coord, takes, batch_size):
        self.coord = coord
        self._session = sess
        self._takes = takes
        self._n = batch_size
        self._offset = 0
        self._placeholders = [
            tf.placeholder(tf.int32, [None, None], 'notes'),
            tf.placeholder(tf.float32, [None], 'scores'),
        ]
        queue = tf.FIFOQueue(8, [tf.int32, tf.float32], name='input_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.notes, self.scores = queue.dequeue()
        self.notes.set_shape(self._placeholders[0].shape)
        self.scores.set_shape(self._placeholders[1].shape)

    def start_in_session(self, session):
        self._session = session
        self._thread = threading.Thread(target=self.run)
        self._thread.daemon = True
        self._thread.start()
        return self._thread

    def run(self):
        try:
            while not self.coord.should_stop():
                if not self._enqueue_next_group():
                    self._session.run(self._close_op)
                    break
        except Exception as e:
            self.coord.request_stop(e)

    def _enqueue_next_group(self):
        if self._offset >= len(self._takes):
            return False
        batch = self._takes[self._offset:self._offset + self._n]
        self._offset += self._n
        width = max(len(t[0]) for t in batch)
        notes = np.stack([np.pad(t[0], (0, width - len(t[0])), mode='constant') for t in batch]).astype(np.int32)
        scores = np.asarray([t[1] for t in batch], dtype=np.float32)
        self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, (notes, scores))))
        return True
