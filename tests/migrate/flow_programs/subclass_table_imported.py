"""A subclass of another module (`class_lib.table_readers`, reached through its module) whose base makes the
file queue in `__init__` and batches in `rows()`, reading through the subclass's `parse_line()`; used once."""

import glob
import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from class_lib import table_readers  # noqa: E402


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    values, labels = table_readers.ScaledLineTable(files, 8).rows()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, y = sess.run([values, labels])
                batches.append([v.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
