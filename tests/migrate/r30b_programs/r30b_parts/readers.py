import tensorflow as tf


def _scaled(x, k):
    return x * k


class BaseReader(object):
    def prepare_reader(self, filename_queue, batch_size=1):
        raise NotImplementedError()


class LabelReader(BaseReader):
    """Reads `x` (two floats) and `y`; scales `x` by a module function and the object's own factor."""

    def __init__(self, scale=2.0):
        self.scale = scale

    def _label(self, y):
        return y + 1

    def prepare_reader(self, filename_queue, batch_size=1):
        reader = tf.compat.v1.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        feats = tf.compat.v1.parse_single_example(serialized, {
            "x": tf.compat.v1.FixedLenFeature([2], tf.float32),
            "y": tf.compat.v1.FixedLenFeature([], tf.int64)})
        return _scaled(feats["x"], self.scale), self._label(feats["y"])

