"""Two CSV tables read in lockstep; the thread count a required parameter (every caller passes 1)."""

import tensorflow.compat.v1 as tf


def paired_rows(left, right, threads):
    left_queue = tf.train.string_input_producer(left, num_epochs=1, shuffle=False)
    right_queue = tf.train.string_input_producer(right, num_epochs=1, shuffle=False)
    _, left_line = tf.TextLineReader(skip_header_lines=1).read(left_queue)
    _, right_line = tf.TextLineReader(skip_header_lines=1).read(right_queue)
    a, _, _ = tf.decode_csv(left_line, [[0], [0.0], [0]])
    _, b, label = tf.decode_csv(right_line, [[0], [0.0], [0]])
    return tf.train.batch([a, b, label], batch_size=5, num_threads=threads)
