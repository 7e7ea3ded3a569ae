"""Carillon practice logs: for each piece, the sequence of bells struck (variable length).

Shape after mozilla/DeepSpeech's early importer (PR #197, fixing #193): the data set owns a
PaddingFIFOQueue fed by its own Python thread, started by `start_queue_threads(session)` after
the whole graph is built and after tf.train.start_queue_runners.
"""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class DataSet(object):
    def __init__(self, txt_files, batch_size, capacity=16):
        self._files = txt_files
        self._batch_size = batch_size
        self._x = tf.placeholder(tf.int32, [None])
        self._x_length = tf.placeholder(tf.int32, [])
        self._queue = tf.PaddingFIFOQueue(shapes=[[None], []], dtypes=[tf.int32, tf.int32],
                                          capacity=capacity)
        self._enqueue_op = self._queue.enqueue([self._x, self._x_length])
        self._close_op = self._queue.close()
        self._threads = []

    def start_queue_threads(self, session):
        t = threading.Thread(target=self._populate_batch_queue, args=(session,))
        t.daemon = True
        t.start()
        self._threads.append(t)
        return self._threads

    def _populate_batch_queue(self, session):
        for path in self._files:
            with open(path) as f:
                for line in f:
                    strikes = [int(b) for b in line.split()]
                    session.run(self._enqueue_op, feed_dict={self._x: strikes, self._x_length: len(strikes)})
        session.run(self._close_op)

    def next_batch(self):
        return self._queue.dequeue_up_to(self._batch_size)


class DataSets(object):
    def __init__(self, train):
        self.train = train

    def start_queue_threads(self, session):
        return self.train.start_queue_threads(session)


def read_data_sets(data_dir, batch_size):
    files = sorted(os.path.join(data_dir, f) for f in os.listdir(data_dir) if f.endswith(".txt"))
    return DataSets(DataSet(files, batch_size))


def write_logs(folder):
    rng = np.random.RandomState(197)
    for k in range(2):
        with open(os.path.join(folder, "tower_%d.txt" % k), "w") as f:
            for piece in range(5):
                n = rng.randint(2, 7)
                f.write(" ".join(str(b) for b in rng.randint(1, 24, size=n)) + "\n")
