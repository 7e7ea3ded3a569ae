"""A class whose method builds a py_func producer over its own iterator and batches it."""

import numpy as np
import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, n):
        self._it = iter(range(n))

    def _next(self):
        i = next(self._it)  # StopIteration here ends the data
        return np.array([i, -i], np.float32), np.int64(i)

    def batches(self, batch_size):
        x, y = tf.py_func(self._next, [], [tf.float32, tf.int64])
        x.set_shape([2])
        y.set_shape([])
        xb, yb = tf.train.batch([x, y], batch_size=batch_size, allow_smaller_final_batch=True)
        return xb, yb


def main(data_dir):
    xb, yb = Feeder(29).batches(4)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xb, yb])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
