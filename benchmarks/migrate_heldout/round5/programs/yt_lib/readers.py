"""Provides readers configured for the different record formats."""

import tensorflow.compat.v1 as tf


class BaseReader(object):
  """Inherit from this class when implementing new readers."""

  def prepare_reader(self, unused_filename_queue):
    """Create a thread for generating prediction and label tensors."""
    raise NotImplementedError()


class AggregatedFeatureReader(BaseReader):
  """Reads TFRecords of pre-aggregated Examples, a batch of records at a time."""

  def __init__(self, num_classes=4, feature_sizes=[3], feature_names=['x']):  # pylint: disable=dangerous-default-value
    assert len(feature_names) == len(feature_sizes), 'length of feature_names (={}) != length of feature_sizes (={})'.format(
        len(feature_names), len(feature_sizes))
    self.num_classes = num_classes
    self.feature_sizes = feature_sizes
    self.feature_names = feature_names

  def prepare_reader(self, filename_queue, batch_size=9):
    """Creates a single reader thread for pre-aggregated examples."""
    reader = tf.TFRecordReader()
    _, serialized_examples = reader.read_up_to(filename_queue, batch_size)
    return self.prepare_serialized_examples(serialized_examples)

  def prepare_serialized_examples(self, serialized_examples):
    # set the mapping from the fields to data types in the proto
    num_features = len(self.feature_names)
    assert num_features > 0, 'self.feature_names is empty!'

    feature_map = {'label': tf.FixedLenFeature([], tf.int64)}
    for feature_index in range(num_features):
      feature_map[self.feature_names[feature_index]] = tf.FixedLenFeature(
          [self.feature_sizes[feature_index]], tf.float32)

    features = tf.parse_example(serialized_examples, features=feature_map)
    labels = tf.one_hot(features['label'] % self.num_classes, self.num_classes, dtype=tf.int32)
    concatenated_features = tf.concat([features[name] for name in self.feature_names], 1)

    return features['label'], concatenated_features, labels
