"""
Module responsible for input data.
"""
from __future__ import absolute_import
from __future__ import print_function
from __future__ import division

import tensorflow as tf

from bakery48_lib.graph_io import read_batch_record_features


def generate_input_fn(filename, metadata, batch_size, num_epochs=None, shuffle=False):
    "Return _input_fn for use with Experiment."
    def _input_fn():
        max_proof_stages = metadata['max_proof_stages']
        num_ingredients = metadata['num_ingredients']

        with tf.device('/cpu:0'):
            proof_feature = tf.io.FixedLenFeature(
                shape=[max_proof_stages],
                dtype=tf.float32)
            recipe_feature = tf.io.FixedLenFeature(
                shape=[num_ingredients],
                dtype=tf.int64)
            yield_feature = tf.io.FixedLenFeature(
                shape=[],
                dtype=tf.int64)

            features = {
                'proof': proof_feature,
                'recipe': recipe_feature,
                'loaves': yield_feature,
            }

            record_features = read_batch_record_features(
                file_pattern=filename,
                features=features,
                batch_size=batch_size,
                randomize_input=shuffle,
                num_epochs=num_epochs)

            proof = record_features['proof']
            recipe = record_features['recipe']
            loaves = record_features['loaves']

            features = {
                'proof': proof,
                'recipe': recipe,
            }

            return features, loaves

    return _input_fn
