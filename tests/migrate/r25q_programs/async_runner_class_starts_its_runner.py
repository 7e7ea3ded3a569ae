"""A class keeping a RandomShuffleQueue and its QueueRunner on ``self``, whose own ``create_threads`` only
starts that runner (the superconvergence ``AsyncRunner``): a zero-input ``py_func`` of ``next(rows)`` unpacked
into two tensors, two threads of one op, ``get_inputs`` dequeuing batches; the caller starts the threads
through the class (no coordinator) and joins them."""
import numpy as np
import tensorflow.compat.v1 as tf


def _rows(n):
    for i in range(n):
        yield np.float32(i * 0.5), np.int32(i % 3)


class AsyncRunner(object):
    def __init__(self, generator, capacity=32):
        x, y = tf.py_func(lambda: next(generator), [], [tf.float32, tf.int32])
        self.queue = tf.RandomShuffleQueue(capacity, 4, [tf.float32, tf.int32], shapes=[[], []], seed=3)
        enqueue_op = self.queue.enqueue([x, y])
        self.runner = tf.train.QueueRunner(self.queue, [enqueue_op] * 2)

    def get_inputs(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def create_threads(self, sess, coord=None):
        """Starts the runner's threads."""
        threads = self.runner.create_threads(sess, coord, daemon=True, start=True)
        return threads


def main(data_dir):
    runner = AsyncRunner(_rows(16))
    x, y = runner.get_inputs(4)
    batches, end = [], None
    sess = tf.Session()
    threads = runner.create_threads(sess)
    try:
        while True:
            xs, ys = sess.run([x, y])
            batches.append([xs.tolist(), ys.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    sess.close()
    for t in threads:
        t.join(timeout=1)
    return {"batches": batches, "end": end}
