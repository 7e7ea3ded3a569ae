"""Two runner threads call one py_func producer (guarded by a lock) until it raises StopIteration."""

import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Counter:
    def __init__(self, n):
        self.lock = threading.Lock()
        self.items = iter(range(n))

    def next_item(self):
        with self.lock:
            i = next(self.items)
        return np.array([i, i * i], np.int64)


def main(data_dir):
    counter = Counter(50)
    item = tf.py_func(counter.next_item, [], tf.int64)
    item.set_shape([2])
    batch = tf.train.batch([item], batch_size=8, num_threads=2, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
