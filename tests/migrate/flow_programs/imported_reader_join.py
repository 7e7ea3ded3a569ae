"""`batch_join` over `[read_row(filename_queue) for _ in range(num_readers)]`, `read_row` imported by name from
another module (`from flow_lib.readers import read_row`) where it makes the reader, reads and parses a dict;
the batch's dict popped after; a multiset of rows and the batch sizes."""

import glob
import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from flow_lib.readers import read_row  # noqa: E402


def input_fn(data_dir, batch_size, num_readers):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    filename_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    rows = [read_row(filename_queue) for _ in range(num_readers)]
    features = tf.train.batch_join(rows, batch_size=batch_size, capacity=batch_size * 4,
                                   allow_smaller_final_batch=True)
    labels = features.pop('label')
    return features, labels


def main(data_dir):
    features, labels = input_fn(data_dir, 9, 3)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, y = sess.run([features, labels])
                sizes.append(len(y))
                rows.extend(zip(f['a'].tolist(), f['b'].tolist(), f['bucket'].tolist(), y.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(list(r) for r in rows)], 'end': end}
