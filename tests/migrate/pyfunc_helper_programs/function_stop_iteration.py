"""A module function takes a row source and returns the two tensors of its zero-input py_func, cast and scaled
on the way out; the source raises StopIteration at its end, which closes the queue; TF1-style `train` import."""

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

TOUT = [tf.int64, tf.float32]
SCALE = 2.0


class Rows(object):
    def __init__(self, n):
        self.it = iter(range(n))

    def next_row(self):
        i = next(self.it)  # StopIteration at the end: the legacy queue closes
        return np.int64(i), np.float32(i / 4.0)


def make_example(source, scale=SCALE):
    index, value = tf.py_func(source.next_row, [], TOUT, stateful=True)
    index.set_shape([])
    value.set_shape([])
    return tf.cast(index, tf.int32), value * scale


def main(data_dir):
    rows = Rows(30)
    index, value = make_example(rows, scale=3.0)
    ib, vb = train.batch([index, value], 7, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, v = sess.run([ib, vb])
                batches.append([i.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
