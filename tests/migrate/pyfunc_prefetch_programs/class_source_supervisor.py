"""A generator object walks the CSV tables; a zero-input `py_func` pulls its next row into a hand-built
`FIFOQueue` (dtypes and shapes from module constants) run by its own `QueueRunner`; one `dequeue` feeds
`train.batch`; the generator's StopIteration ends the data; read under a `Supervisor`."""

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

ROW_DTYPES = [tf.int32, tf.float32]
ROW_SHAPES = [[], [2]]


class Rows(object):

    def __init__(self, paths):
        self._it = self._walk(paths)

    def _walk(self, paths):
        for path in paths:
            with open(path) as f:
                for rec in csv.DictReader(f):
                    yield np.int32(rec["a"]), np.array([rec["b"], rec["label"]], np.float32)

    def pull(self):
        return next(self._it)


def main(data_dir):
    rows = Rows([os.path.join(data_dir, "table-%d.csv" % k) for k in (2, 0)])
    key, pair = tf.py_func(rows.pull, [], ROW_DTYPES, stateful=True)
    key.set_shape([])
    pair.set_shape([2])
    staging = tf.FIFOQueue(32, ROW_DTYPES, ROW_SHAPES)
    put = staging.enqueue([key, pair])
    tf.train.add_queue_runner(tf.train.QueueRunner(staging, [put]))
    k, p = staging.dequeue()
    keys, pairs = tf.train.batch([k, p], batch_size=7, capacity=21, allow_smaller_final_batch=True)
    sv = tf.train.Supervisor(logdir=None, summary_op=None, saver=None)
    batches, end = [], None
    with sv.managed_session() as sess:
        while not sv.should_stop():
            try:
                a, b = sess.run([keys, pairs])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append([a.tolist(), b.tolist()])
    return {"batches": batches, "end": end}
