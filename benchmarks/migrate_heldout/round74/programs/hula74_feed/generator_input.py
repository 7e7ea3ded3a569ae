"""Framework helper: turn a Python generator of fixed-size chunks into batches.

The generator is pulled by a `tf.py_func`; StopIteration becomes OutOfRangeError, which closes the batch
queue, so the pipeline ends like a reader-based one.
"""
import tensorflow.compat.v1 as tf


def generator_input(gen_fn, dtypes, shapes, batch_size, chunk_size, capacity=32, num_threads=1, name=None):
    with tf.name_scope(name, 'generator_input'):
        iterator = gen_fn()

        def _next():
            return next(iterator)

        tensors = tf.py_func(_next, [], dtypes, stateful=True)
        for t, shape in zip(tensors, shapes):
            t.set_shape([chunk_size] + list(shape))
        return tf.train.batch(tensors, batch_size=batch_size, num_threads=num_threads, capacity=capacity,
                              enqueue_many=True)
