"""Kepler TCE light-curve inputs: parses the feature spec from the config and batches a flat dict regrouped into nested views."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


def build_feature_spec(input_config):
  feature_spec = {}
  for feature_name, feature in input_config.features.items():
    feature_spec[feature_name] = tf.FixedLenFeature([feature.length], tf.float32)
  feature_spec[input_config.label_feature] = tf.FixedLenFeature([], tf.string)
  feature_spec["kepid"] = tf.FixedLenFeature([], tf.int64)
  return feature_spec


def build_label_table(label_map):
  keys, values = zip(*sorted(label_map.items()))
  return tf.lookup.StaticHashTable(
      tf.lookup.KeyValueTensorInitializer(tf.constant(keys), tf.constant(values, dtype=tf.int32)), -1)


def build_input(file_pattern, input_config, batch_size, num_epochs=1):
  filenames = sorted(tf.gfile.Glob(file_pattern))
  if not filenames:
    raise ValueError("Found no input files matching %s" % file_pattern)

  filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)
  parsed = tf.parse_single_example(serialized_example, features=build_feature_spec(input_config))

  label_table = build_label_table(input_config.label_map)
  flat = {feature_name: parsed[feature_name] for feature_name in input_config.features}
  flat["labels"] = label_table.lookup(parsed[input_config.label_feature])
  flat["kepid"] = parsed["kepid"]
  batched = tf.train.batch(flat, batch_size=batch_size, allow_smaller_final_batch=True, capacity=16)

  # Regroup the batched features the way the model reads them.
  output = {"time_series_features": {}, "aux_features": {}}
  for feature_name, feature in input_config.features.items():
    if feature.is_time_series:
      output["time_series_features"][feature_name] = batched[feature_name]
    else:
      output["aux_features"][feature_name] = batched[feature_name]
  output["labels"] = batched["labels"]
  output["kepid"] = batched["kepid"]
  return output
