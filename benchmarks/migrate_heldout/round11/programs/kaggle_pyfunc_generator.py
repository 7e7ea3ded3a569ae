"""Kaggle-kernel shape: rows loaded in Python, a generator object wrapped by tf.py_func (its StopIteration ends
the input), batched with tf.train.batch; the generator class exposes the batch as a property; Supervisor loop."""

import csv
import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf


class KaggleBatchGenerator(object):
    def __init__(self, csv_dir, batch_size=24):
        self.csv_dir = csv_dir
        self.batch_size = batch_size
        self._rows = self._load()
        self._iterator = iter(self._rows)
        self._batch = None

    def _load(self):
        rows = []
        for path in sorted(glob.glob(os.path.join(self.csv_dir, "table-*.csv"))):
            with open(path) as f:
                for record in csv.DictReader(f):
                    rows.append((float(record["a"]), float(record["b"]), int(record["label"])))
        return rows

    def _next_row(self):
        a, b, label = next(self._iterator)  # StopIteration ends the input (OutOfRangeError in TF)
        return np.array([a, b], np.float32), np.int64(label)

    def _build(self):
        features, label = tf.py_func(self._next_row, [], [tf.float32, tf.int64], stateful=True,
                                     name="next_row")
        features.set_shape([2])
        label.set_shape([])
        return tf.train.batch([features, label], batch_size=self.batch_size, num_threads=1,
                              capacity=2 * self.batch_size, allow_smaller_final_batch=True)

    @property
    def next_batch(self):
        if self._batch is None:
            self._batch = self._build()
        return self._batch


def main(data_dir):
    generator = KaggleBatchGenerator(data_dir)
    features, labels = generator.next_batch
    batches = []
    sv = tf.train.Supervisor(logdir=None, summary_op=None, saver=None)
    with sv.managed_session() as sess:
        while not sv.should_stop():
            f, l = sess.run([features, labels])
            batches.append([f.tolist(), l.tolist()])
    return {"batches": batches, "end": "supervisor_stopped"}
