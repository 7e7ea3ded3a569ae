import threading

import numpy as np
import tensorflow.compat.v1 as tf


class DataFeeder(threading.Thread):
    """Feeds chunks of numpy rows into a FIFOQueue from a background thread."""

    def __init__(self, coordinator, features, targets, chunk_size=5, capacity=8):
        super(DataFeeder, self).__init__()
        self.daemon = True
        self._coord = coordinator
        self._features = features
        self._targets = targets
        self._chunk_size = chunk_size
        self._placeholders = [
            tf.placeholder(tf.float32, [None, features.shape[1]], 'inputs'),
            tf.placeholder(tf.int32, [None], 'targets'),
        ]
        queue = tf.FIFOQueue(capacity, [tf.float32, tf.int32], name='input_queue',
                             shapes=[[features.shape[1]], []])
        self._enqueue_op = queue.enqueue_many(self._placeholders)
        self._close_op = queue.close()
        self.queue = queue

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            for start in range(0, len(self._features), self._chunk_size):
                if self._coord.should_stop():
                    break
                stop = start + self._chunk_size
                feed_dict = dict(zip(self._placeholders,
                                     (self._features[start:stop], self._targets[start:stop])))
                self._session.run(self._enqueue_op, feed_dict=feed_dict)
            self._session.run(self._close_op)
        except Exception as e:
            self._coord.request_stop(e)

    def dequeue(self, batch_size):
        inputs, targets = self.queue.dequeue_many(batch_size)
        inputs.set_shape([batch_size, self._features.shape[1]])
        return inputs, targets


def load_rows(path):
    data = np.load(path)
    return data['features'].astype(np.float32), data['targets'].astype(np.int32)
