"""Provides readers configured for different datasets."""

import tensorflow.compat.v1 as tf


class BaseReader(object):
  """Inherit from this class when implementing new readers."""

  def prepare_reader(self, unused_filename_queue):
    """Create a thread for generating prediction and label tensors."""
    raise NotImplementedError()


class IAMAggregatedFeatureReader(BaseReader):
  """Reads TFRecords of handwritten text lines.

  The TFRecords must contain Examples with a sparse int64 'target' feature (the
  character ids of the line), its 'seq_len', and a fixed length float32
  'imageInput' feature holding the flattened line image.
  """

  def __init__(self,
               num_classes=29,
               feature_sizes=[24],
               feature_names=["imageInput"],
               height=3,
               width=8,
               input_chanels=1):
    assert len(feature_names) == len(feature_sizes), \
    "length of feature_names (={}) != length of feature_sizes (={})".format( \
    len(feature_names), len(feature_sizes))

    self.num_classes = num_classes
    self.feature_sizes = feature_sizes
    self.feature_names = feature_names
    self.height, self.width = height, width
    self.input_chanels = input_chanels

  def prepare_reader(self, filename_queue, batch_size=50):
    """Creates a single reader thread for the line Examples.

    Returns:
      A tuple of image inputs, sequence lengths and sparse targets.
    """
    reader = tf.TFRecordReader()
    _, serialized_examples = reader.read_up_to(filename_queue, batch_size)

    tf.add_to_collection("serialized_examples", serialized_examples)
    return self.prepare_serialized_examples(serialized_examples)

  def prepare_serialized_examples(self, serialized_examples):
    num_features = len(self.feature_names)
    assert num_features > 0, "self.feature_names is empty!"

    feature_map = {'seq_len': tf.FixedLenFeature([1], tf.int64),
                   'target': tf.VarLenFeature(tf.int64),
                   'imageInput': tf.FixedLenFeature(
                       [self.height * self.width * self.input_chanels], tf.float32)}

    features = tf.parse_example(serialized_examples, features=feature_map)

    imageInput = features['imageInput']
    seq_len = features['seq_len']
    target = features['target']

    return imageInput, seq_len, target
