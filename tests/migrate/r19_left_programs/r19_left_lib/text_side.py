"""The text side of a lockstep pair: a helper making its own producer and reader."""

import tensorflow.compat.v1 as tf


def caption_of(path, epochs=1):
    files = tf.train.string_input_producer([path], num_epochs=epochs, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(files)
    return tf.strings.upper(line)
