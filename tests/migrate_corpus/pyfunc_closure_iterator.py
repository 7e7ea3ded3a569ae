"""A zero-input py_func reads from a Python iterator held in a closure; StopIteration ends the data."""

import numpy as np
import tensorflow.compat.v1 as tf


def make_source(n):
    it = iter(range(n))

    def next_pair():
        i = next(it)
        return np.float32(i) / 2, np.int64(i * 3)

    return next_pair


def main(data_dir):
    source = make_source(22)
    value, label = tf.py_func(source, [], [tf.float32, tf.int64], stateful=True)
    value.set_shape([])
    label.set_shape([])
    values, labels = tf.train.batch([value, label], batch_size=4, num_threads=1, capacity=16)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([values, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
