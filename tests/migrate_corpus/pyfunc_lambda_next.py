"""A py_func over `lambda: next(iterator)`: the iterator's end (StopIteration) ends the data."""

import numpy as np
import tensorflow.compat.v1 as tf


def examples(n):
    for i in range(n):
        yield np.full([2], i, np.float32), np.int32(i % 3)


def main(data_dir):
    it = examples(41)
    x, y = tf.py_func(lambda: next(it), [], [tf.float32, tf.int32], stateful=True)
    x.set_shape([2])
    y.set_shape([])
    xb, yb = tf.train.batch([x, y], batch_size=8, num_threads=1, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                a, b = sess.run([xb, yb])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    return {"batches": out, "end": end}
