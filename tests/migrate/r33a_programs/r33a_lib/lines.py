"""A line source whose file queue (two epochs, from its arguments) is made in `__init__`; `next_line` reads it
with a reader made inline."""
import tensorflow.compat.v1 as tf


class LineSource:
    def __init__(self, paths, epochs=2):
        self.lines_queue = tf.train.string_input_producer(paths, num_epochs=epochs, shuffle=False)

    def next_line(self):
        _, text = tf.TextLineReader().read(self.lines_queue)
        return tf.strings.to_number(text, tf.int32), tf.strings.length(text)
