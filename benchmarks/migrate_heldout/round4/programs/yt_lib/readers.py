"""Frame-level style readers: a reader object turns a filename queue into a batch of parsed examples."""

import tensorflow as tf


class BaseReader(object):
    """Inherit and implement prepare_reader."""

    def prepare_reader(self, unused_filename_queue):
        raise NotImplementedError()


class RecordFeatureReader(BaseReader):
    """Reads several serialized examples at once and parses them together."""

    def __init__(self, feature_size=3, records_per_read=4):
        self.feature_size = feature_size
        self.records_per_read = records_per_read

    def prepare_reader(self, filename_queue, batch_size=None):
        reader = tf.compat.v1.TFRecordReader()
        _, serialized_examples = reader.read_up_to(filename_queue, batch_size or self.records_per_read)
        feature_map = {
            "x": tf.io.FixedLenFeature([self.feature_size], tf.float32),
            "label": tf.io.FixedLenFeature([], tf.int64),
        }
        features = tf.io.parse_example(serialized_examples, features=feature_map)
        ids = tf.cast(features["label"], tf.int32)
        return ids, features["x"] * 0.5
