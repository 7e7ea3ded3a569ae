"""A style index producer and the batch pairing it with file contents, in a package module."""
import tensorflow.compat.v1 as tf


class StyledLines(object):
    def __init__(self, paths, num_styles):
        self.files = tf.train.string_input_producer(paths, shuffle=False, num_epochs=1)
        self.num_styles = num_styles

    def style(self):
        index_queue = tf.train.range_input_producer(self.num_styles, shuffle=True, seed=8)
        return index_queue.dequeue()

    def batch(self, size):
        _, line = tf.TextLineReader().read(self.files)
        style = self.style()
        return tf.train.batch([line, style], batch_size=size, num_threads=1, capacity=10)
