"""The input function, in a package: three sibling name scopes; two callers in `package_callers.py`."""

import tensorflow.compat.v1 as tf


def input_batches(paths, batch_size):
    with tf.name_scope("files"):
        queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    with tf.name_scope("lines"):
        _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    with tf.name_scope("batch"):
        word, count = tf.decode_csv(line, record_defaults=[[""], [0]])
        return tf.train.batch([word, count * 3], batch_size=batch_size)
