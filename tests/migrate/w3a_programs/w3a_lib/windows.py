"""The language-model reader's ``ptb_producer`` shape in a package module: a ``range_input_producer`` whose
dequeue is named (``dequeue(name='step')``) indexes slices of an in-memory tensor, in a name scope."""

import tensorflow.compat.v1 as tf


def window_producer(raw_data, batch_size, num_steps):
    with tf.name_scope('windows'):
        data = tf.convert_to_tensor(raw_data, name='raw', dtype=tf.int32)
        num_batches = tf.floordiv(tf.size(data), batch_size)
        data = tf.reshape(data[:batch_size * num_batches], [batch_size, num_batches])
        epoch_size = tf.floordiv(num_batches - 1, num_steps)
        steps = tf.train.range_input_producer(limit=epoch_size, shuffle=False)
        i = steps.dequeue(name='step')
        x = tf.identity(data[:, i * num_steps:(i + 1) * num_steps], name='x')
        x.set_shape([batch_size, num_steps])
        y = tf.identity(data[:, i * num_steps + 1:(i + 1) * num_steps + 1], name='y')
        y.set_shape([batch_size, num_steps])
        return x, y
