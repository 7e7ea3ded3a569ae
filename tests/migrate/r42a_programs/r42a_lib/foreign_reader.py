"""A reader class of another module whose base (in this module) declares its reader method abstract: a caller
inlining it must leave it in its class."""
import abc

import tensorflow.compat.v1 as tf


class RecordSource(abc.ABC):
    def __init__(self, files, epochs):
        self._files = files
        self._epochs = epochs

    @abc.abstractmethod
    def _decode(self, queue):
        """The record's tensors, read from ``queue``."""


class ShardReader(RecordSource):
    def _decode(self, queue):
        _, serialized = tf.TFRecordReader().read(queue)
        f = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([2], tf.float32),
                                                 "y": tf.FixedLenFeature([], tf.int64)})
        return f["x"], f["y"]
