"""A py_func producer over a Python iterator: the data ends when next() raises StopIteration."""

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    items = iter(range(57))

    def next_example():
        i = next(items)
        return np.float32(i) * 0.5, np.int64(i)

    value, label = tf.py_func(next_example, [], [tf.float32, tf.int64])
    value.set_shape([])
    label.set_shape([])
    values, labels = tf.train.batch([value, label], batch_size=10, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                v, l = sess.run([values, labels])
                out.append([v.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
