"""A reader class of another module (the video starter's shape, off its corpus form): a base class whose method
subclasses implement, a reader made inline under a name scope, a branch on a constructor setting."""

import tensorflow as tf


class BaseFrameReader(object):
    def prepare(self, filename_queue):
        raise NotImplementedError()


class FrameReader(BaseFrameReader):
    def __init__(self, width=3, scale=1.0):
        self.width = width
        self.scale = scale

    def prepare(self, filename_queue, name="frames"):
        with tf.name_scope(name):
            spec = {"x": tf.io.FixedLenFeature([self.width], tf.float32),
                    "label": tf.io.FixedLenFeature([], tf.int64)}
            _, serialized = tf.compat.v1.TFRecordReader().read(filename_queue)
            parsed = tf.io.parse_single_example(serialized, spec)
            if self.scale != 1.0:
                x = parsed["x"] * self.scale
            else:
                x = parsed["x"]
            return x, parsed["label"]
