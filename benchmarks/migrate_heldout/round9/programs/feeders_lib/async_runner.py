"""A generator-backed queue: a py_func pulls the next example from a Python generator into a FIFOQueue run
by its own QueueRunner; when the generator is exhausted the py_func raises StopIteration and the queue closes."""

import tensorflow.compat.v1 as tf


class AsyncRunner(object):

    def __init__(self, generator, scope, capacity=64):
        dtypes = generator.get_dtypes()
        shapes = generator.get_shapes()

        with tf.name_scope(scope):
            self.queue = tf.FIFOQueue(capacity, dtypes, shapes)
            get_data_op = tf.py_func(lambda: next(generator), [], dtypes, stateful=True)
            enqueue_op = self.queue.enqueue(get_data_op)
            self.runner = tf.train.QueueRunner(self.queue, [enqueue_op])

    def get_inputs(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def create_threads(self, sess, coord):
        return self.runner.create_threads(sess, coord, daemon=True, start=True)
