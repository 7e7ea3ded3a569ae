"""A team's generator pipeline: a generator class reads the CSV tables in Python and is wrapped by an
AsyncRunner (helper module) whose py_func feeds a FIFOQueue; the runner's threads are started by hand and the
loop ends when the generator's StopIteration closes the queue."""

import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np
import tensorflow.compat.v1 as tf

from feeders_lib.async_runner import AsyncRunner


class CsvRowGenerator(object):

    def __init__(self, paths):
        self._paths = paths
        self._rows = self._iter_rows()

    def _iter_rows(self):
        for path in self._paths:
            with open(path) as f:
                reader = csv.reader(f)
                next(reader)
                for a, b, label in reader:
                    yield np.int32(a), np.float32(b), np.int32(label)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._rows)

    def get_dtypes(self):
        return [tf.int32, tf.float32, tf.int32]

    def get_shapes(self):
        return [[], [], []]


def main(data_dir):
    paths = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(2)]
    generator = CsvRowGenerator(paths)
    runner = AsyncRunner(generator, 'csv_runner')
    a, b, label = runner.get_inputs(batch_size=12)

    batches = []
    end = None
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = runner.create_threads(sess, coord)
    try:
        while not coord.should_stop():
            batches.append([x.tolist() for x in sess.run([a, b, label])])
    except tf.errors.OutOfRangeError as e:
        end = type(e).__name__
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
