"""A window reader class in a package module: its TextLineReader kept on `self`, read with `read_up_to`."""
import tensorflow.compat.v1 as tf


class SumWindows(object):
    def __init__(self, size, skip=0):
        self.size = size
        self._lines = tf.TextLineReader(skip_header_lines=skip)

    def read(self, filename_queue):
        _, lines = self._lines.read_up_to(filename_queue, self.size)
        a, = tf.decode_csv(lines, record_defaults=[[0]])
        return tf.reduce_sum(a), tf.size(a)
