"""A class builds its input in a method that calls its own producer method (`self.example()`), and
shuffle-batches the result; the producer method numpy_function's callable is a closure made in __init__."""

import numpy as np
import tensorflow as tf


class Input(object):
    def __init__(self, count):
        state = {"i": 0}

        def step():
            i = state["i"]
            if i >= count:
                raise StopIteration
            state["i"] = i + 1
            return np.float32(i), np.int64(i * i)

        self._step = step

    def example(self):
        x, y = tf.compat.v1.numpy_function(self._step, [], [tf.float32, tf.int64])
        return tf.reshape(x, []), tf.reshape(y, [])

    def batches(self, size):
        x, y = self.example()
        return tf.compat.v1.train.shuffle_batch([x, y], size, capacity=40, min_after_dequeue=10)


def main(data_dir):
    xb, yb = Input(40).batches(5)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xb, yb])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
