"""Reader classes in the YouTube-8M starter-code style: a base class with `prepare_reader`, a subclass that
reads several serialized records at a time and parses them as a batch."""

import tensorflow.compat.v1 as tf


class BaseReader(object):
    """Inherit from this class when implementing new readers."""

    def prepare_reader(self, unused_filename_queue):
        """Create a thread for generating prediction and label tensors."""
        raise NotImplementedError()


class RecordFeatureReader(BaseReader):
    def __init__(self, num_features=3, feature_name="x"):
        self.num_features = num_features
        self.feature_name = feature_name

    def prepare_reader(self, filename_queue, batch_size=6):
        reader = tf.TFRecordReader()
        _, serialized_examples = reader.read_up_to(filename_queue, batch_size)
        feature_map = {
            "label": tf.FixedLenFeature([], tf.int64),
            self.feature_name: tf.FixedLenFeature([self.num_features], tf.float32),
        }
        features = tf.parse_example(serialized_examples, features=feature_map)
        labels = tf.cast(features["label"], tf.int32)
        return features[self.feature_name], labels
