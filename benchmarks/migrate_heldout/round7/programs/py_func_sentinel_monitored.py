"""A loader object whose `next_example` (a `tf.py_func`) returns a sentinel label (-1) once the rows are
used up; batched by a queue runner; the MonitoredSession loop stops at the first batch holding a sentinel."""

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

SENTINEL = -1


class RowLoader(object):
    def __init__(self, path):
        with open(path) as f:
            reader = csv.reader(f)
            next(reader)
            self.rows = [(float(a), float(b), int(c)) for a, b, c in reader]
        self.index = 0

    def next_example(self):
        if self.index >= len(self.rows):
            return np.float32(0), np.float32(0), np.int32(SENTINEL)
        a, b, c = self.rows[self.index]
        self.index += 1
        return np.float32(a), np.float32(b), np.int32(c)


def build_batch(loader, batch_size):
    a, b, label = tf.py_func(loader.next_example, [], [tf.float32, tf.float32, tf.int32])
    for t in (a, b, label):
        t.set_shape([])
    return tf.train.batch([a, b, label], batch_size=batch_size, num_threads=1, capacity=2 * batch_size)


def main(data_dir):
    loader = RowLoader(os.path.join(data_dir, 'table-0.csv'))
    a_batch, b_batch, label_batch = build_batch(loader, batch_size=6)

    batches = []
    end = None
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            a, b, label = sess.run([a_batch, b_batch, label_batch])
            keep = label != SENTINEL
            if keep.any():
                batches.append([a[keep].tolist(), b[keep].tolist(), label[keep].tolist()])
            if not keep.all():
                end = 'sentinel'
                break
    return {'batches': batches, 'end': end}
