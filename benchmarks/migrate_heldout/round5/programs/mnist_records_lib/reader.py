"""Record decoding shared by the training and the evaluation scripts."""

import tensorflow.compat.v1 as tf


def read_and_decode(filename_queue):
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)
  features = tf.parse_single_example(
      serialized_example,
      # Defaults are not specified since both keys are required.
      features={
          'x': tf.FixedLenFeature([3], tf.float32),
          'label': tf.FixedLenFeature([], tf.int64),
      })

  # Convert from a scalar string tensor to a float vector, scaled.
  image = features['x'] * 2.0

  # Convert label from a scalar int64 tensor to an int32 scalar.
  label = tf.cast(features['label'], tf.int32)

  return image, label
