"""Reader classes in the YouTube-8M starter style: each turns a filename queue into a batch of examples."""

import tensorflow.compat.v1 as tf


class BaseReader(object):
    """Inherit from this class when implementing new readers."""

    def prepare_reader(self, unused_filename_queue):
        raise NotImplementedError()


class ExampleRecordReader(BaseReader):
    """Reads TFRecords of tf.Example, a few at a time (`read_up_to`)."""

    def __init__(self, feature_name='x', feature_size=3, records_per_read=4):
        self.feature_name = feature_name
        self.feature_size = feature_size
        self.records_per_read = records_per_read

    def prepare_reader(self, filename_queue, batch_size=None):
        reader = tf.TFRecordReader()
        _, serialized_examples = reader.read_up_to(filename_queue, batch_size or self.records_per_read)
        return self.prepare_serialized_examples(serialized_examples)

    def prepare_serialized_examples(self, serialized_examples):
        feature_map = {
            'label': tf.FixedLenFeature([], tf.int64),
            self.feature_name: tf.FixedLenFeature([self.feature_size], tf.float32),
        }
        features = tf.parse_example(serialized_examples, features=feature_map)
        labels = features['label']
        scaled = features[self.feature_name] * 2.0
        return labels, scaled
