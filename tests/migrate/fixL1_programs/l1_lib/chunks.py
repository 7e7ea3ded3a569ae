"""Chunks of rows from a Python generator, pulled by a stateful py_func."""
from tensorflow.compat import v1 as tf


def chunked_rows(make_rows, types, dims, batch_size, rows, scope=None):
    with tf.name_scope(scope, 'chunked_rows'):
        rows_iter = make_rows()

        def pull():
            return next(rows_iter)

        parts = tf.py_func(pull, [], Tout=types, stateful=True)
        for part, dim in zip(parts, dims):
            part.set_shape([rows] + list(dim))
        return tf.train.batch(parts, batch_size=batch_size, enqueue_many=True)
