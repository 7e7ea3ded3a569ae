"""An asynchronous runner: a Python generator pulled by a zero-input py_func into a RandomShuffleQueue."""

import numpy as np
import tensorflow as tf


class SampleGenerator(object):
    """Finite source of (features, target) samples; `next()` raises StopIteration at the end."""

    def __init__(self, num_samples, width=3):
        self.num_samples = num_samples
        self.width = width
        self._it = self._samples()

    def _samples(self):
        for i in range(self.num_samples):
            yield np.arange(i, i + self.width, dtype=np.float32), np.int32(i)

    def __next__(self):
        return next(self._it)

    def get_dtypes(self):
        return [tf.float32, tf.int32]

    def get_shapes(self):
        return [[self.width], []]


class AsyncRunner(object):
    def __init__(self, generator, scope, cap=64, min_after=8):
        dtypes = generator.get_dtypes()
        shapes = generator.get_shapes()
        with tf.name_scope(scope):
            self.queue = tf.queue.RandomShuffleQueue(cap, min_after, dtypes, shapes)
            get_data_op = tf.compat.v1.py_func(lambda: next(generator), [], dtypes)
            enqueue_op = self.queue.enqueue(get_data_op)
            self.runner = tf.compat.v1.train.QueueRunner(self.queue, [enqueue_op])

    def get_inputs(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def create_threads(self, sess, coord):
        return self.runner.create_threads(sess, coord, daemon=True, start=True)
