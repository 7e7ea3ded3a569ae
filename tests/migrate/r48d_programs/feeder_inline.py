"""An in-module Thread subclass feeder; `run` closes the queue when the group method says it is done."""
import os
import random
from threading import Thread

import numpy as np
import tensorflow as tf
from tensorflow.compat.v1 import train


class Feeder(Thread):
    def __init__(self, coordinator, rows, batch_size):
        super(Feeder, self).__init__()
        self._coord = coordinator
        self._rows = rows
        self._n = batch_size
        self._offset = 0
        self._placeholders = [
            tf.compat.v1.placeholder(tf.float32, [None, 3], 'features'),
            tf.compat.v1.placeholder(tf.int64, [None], 'labels'),
        ]
        queue = tf.compat.v1.FIFOQueue(8, [tf.float32, tf.int64], name='input_queue')
        self._enqueue_op = queue.enqueue(self._placeholders)
        self._close_op = queue.close()
        self.features, self.labels = queue.dequeue()
        self.features.set_shape(self._placeholders[0].shape)
        self.labels.set_shape(self._placeholders[1].shape)

    def start_in_session(self, session):
        self._session = session
        self.start()

    def run(self):
        try:
            while not self._coord.should_stop():
                if not self._enqueue_next_group():
                    self._session.run(self._close_op)
                    break
        except Exception as e:
            self._coord.request_stop(e)

    def _enqueue_next_group(self):
        group = self._rows[self._offset:self._offset + 2 * self._n]
        if not group:
            return False
        self._offset += len(group)
        group = sorted(group, key=lambda r: r[1])
        for i in range(0, len(group), self._n):
            batch = group[i:i + self._n]
            features = np.stack([r[0] for r in batch]).astype(np.float32)
            labels = np.asarray([r[1] for r in batch], dtype=np.int64)
            self._session.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, [features, labels])))
        return True


def main(data_dir):
    rng = random.Random(7)
    rows = [(np.round(np.array([rng.random() for _ in range(3)]), 3), rng.randint(0, 9)) for _ in range(16)]
    coord = train.Coordinator()
    feeder = Feeder(coord, rows, 4)
    score = tf.reduce_sum(feeder.features, axis=1) * tf.cast(feeder.labels, tf.float32)
    batches = []
    end = 'no end'
    with tf.compat.v1.Session() as sess:
        feeder.start_in_session(sess)
        step = 0
        while not coord.should_stop():
            try:
                f, l, s = sess.run([feeder.features, feeder.labels, score])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError after %d' % step
                break
            step += 1
            batches.append([np.round(f.astype(np.float64), 3).tolist(), l.tolist(),
                            np.round(s.astype(np.float64), 3).tolist()])
        coord.request_stop()
        feeder.join()
    return {'batches': batches, 'end': end}
