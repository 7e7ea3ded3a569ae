#!/usr/bin/python
# Held-out round 71: the input half of a Cloud ML Engine trainer (after an unnamed ``trainer`` package whose
# ``build_input_fn(mode='train')`` returns an ``_input_fn(data_dir=TFRECORD_DIR, batch_size=BATCH_SIZE)`` reading
# GZIP TFRecords through ``tf.contrib.learn.io.read_batch_features`` with a ``gzip_reader`` factory and popping
# the label), here for croquet mallet strokes.
# Writer changes: ``read_batch_features`` is a stand-in module; ``num_epochs=1`` and a seed are passed (the source
# read forever); the tensorflow_transform schema below the function is left out.
import os

import tensorflow.compat.v1 as tf
from tensorflow.python.lib.io.tf_record import TFRecordCompressionType
from croquet71_trainer.config import TFRECORD_DIR, FEAT_LEN, BATCH_SIZE
from croquet71_trainer import contrib_learn_io


def build_input_fn(mode='train'):
    """Builds input function for estimator.

    Args:
        mode (str): mode estimator is running in

    Returns:
        function: input function

    """
    def _input_fn(data_dir=TFRECORD_DIR, batch_size=BATCH_SIZE):
        """Input function for estimator

        Args:
            data_dir (str): GCS directory where tfrecords are stored
            batch_size (int): batch size to use for reading

        Returns:
            features, label

        """
        def gzip_reader():
            return tf.TFRecordReader(
                options=tf.python_io.TFRecordOptions(
                    compression_type=TFRecordCompressionType.GZIP))

        features = contrib_learn_io.read_batch_features(
            file_pattern=os.path.join(data_dir, mode + '*'),
            batch_size=batch_size,
            reader=gzip_reader,
            num_epochs=1,
            seed=71,
            features={
                'id': tf.FixedLenFeature([], tf.string),
                'label': tf.FixedLenFeature([], tf.float32),
                'feat': tf.FixedLenFeature([FEAT_LEN], tf.float32),
            })

        label = features.pop('label')
        return features, label

    return _input_fn
