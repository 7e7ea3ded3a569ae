"""A CSV reader helper of another module: takes the file queue, reads a line, parses it."""

import tensorflow.compat.v1 as tf


def parse_line(filename_queue, scale=1.0):
    reader = tf.TextLineReader(skip_header_lines=1)
    key, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return tf.stack([a, b * scale]), label
