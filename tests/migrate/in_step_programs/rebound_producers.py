"""A notebook-style script: a CSV table read with the csv module, features and targets split by column, one
`input_producer` over a constant each, each producer's name re-bound to its `dequeue()`, one `batch` of both;
`import tensorflow as tf` with `tf.compat.v1` calls; a loop to `OutOfRangeError`."""

import csv
import os

import numpy as np
import tensorflow as tf


def load(data_dir):
    rows = []
    for f in range(2):
        with open(os.path.join(data_dir, 'table-%d.csv' % f)) as handle:
            reader = csv.reader(handle)
            next(reader)
            rows.extend([float(v) for v in row] for row in reader)
    return np.array(rows, dtype=np.float32)


def main(data_dir):
    table = load(data_dir)
    features = table[:, 0:2]
    targets = table[:, [2]]
    xs = tf.compat.v1.train.input_producer(tf.constant(features), num_epochs=2, shuffle=False)
    ys = tf.compat.v1.train.input_producer(tf.constant(targets), num_epochs=2, shuffle=False)
    xs = xs.dequeue()
    ys = ys.dequeue()
    bx, by = tf.compat.v1.train.batch([xs, ys], batch_size=7)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        while True:
            try:
                x, y = sess.run([bx, by])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                break
            batches.append([x.tolist(), y.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
