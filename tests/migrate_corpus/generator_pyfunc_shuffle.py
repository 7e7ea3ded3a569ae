"""A Python generator wrapped by a zero-input py_func (next(gen)), shuffle_batch with the capacity formula."""

import numpy as np
import tensorflow.compat.v1 as tf


def sample_stream(n):
    for i in range(n):
        yield np.array([i, i * i], dtype=np.int64), np.float32(i) / 2


def build(batch_size, n):
    stream = sample_stream(n)

    def next_sample():
        return next(stream)

    pair, half = tf.py_func(next_sample, [], [tf.int64, tf.float32], stateful=True)
    pair.set_shape([2])
    half.set_shape([])
    min_after_dequeue = 10
    capacity = min_after_dequeue + 3 * batch_size
    return tf.train.shuffle_batch([pair, half], batch_size=batch_size, capacity=capacity,
                                  min_after_dequeue=min_after_dequeue, allow_smaller_final_batch=True)


def main(data_dir):
    pairs, halves = build(6, 41)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, h = sess.run([pairs, halves])
                out.append([p.tolist(), h.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
