"""A reader class of another module: the reader made in the method, which takes the epoch count, a tuple back."""
import tensorflow as tf


class PairReader(object):

    def __init__(self, files):
        self.files = files

    def read(self, num_epochs):
        queue = self._queue(num_epochs)
        reader = tf.compat.v1.TFRecordReader()
        _, serialized = reader.read(queue)
        return self._decode(serialized)

    def _queue(self, num_epochs):
        return tf.compat.v1.train.string_input_producer(self.files, shuffle=False, num_epochs=num_epochs)

    def _decode(self, serialized):
        parsed = tf.compat.v1.parse_single_example(serialized, features={
            "label": tf.compat.v1.FixedLenFeature([], tf.int64),
            "t0": tf.compat.v1.FixedLenFeature([], tf.int64)})
        return parsed["t0"] * 2, parsed["label"]
