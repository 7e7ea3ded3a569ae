#!/usr/bin/env python
"""
Defines the inputs passed into training task
"""

import multiprocessing
import tensorflow.compat.v1 as tf

import snowshoe74_trainer.constants as constants
import snowshoe74_trainer.featurizer as featurizer
from snowshoe74_trainer.mode_keys import ModeKeys

def _decode_csv(line):
    """
    Takes the string input tensor and returns a dict of rank-2 tensors.
    """
    row_columns = tf.expand_dims(line, -1)
    columns = tf.decode_csv(
        row_columns, record_defaults=constants.CSV_COLUMN_DEFAULTS)
    features = dict(zip(constants.CSV_COLUMNS, columns))

    unused_columns = set(constants.CSV_COLUMNS) - \
        {col.name for col in featurizer.INPUT_COLUMNS} - \
        {constants.TARGET_COLUMN}
    for col in unused_columns:
        features.pop(col)
    return features


def generate_input_fn(file_names, mode, num_epochs=None, batch_size=200, multi_threading=False):
    def _input_fn():
        shuffle = mode == ModeKeys.TRAIN
        num_threads = multiprocessing.cpu_count() if multi_threading else 1
        filename_queue = tf.train.string_input_producer(file_names, num_epochs=num_epochs, shuffle=shuffle)
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        if shuffle:
            lines = tf.train.shuffle_batch([line], batch_size, capacity=batch_size * 10,
                                           min_after_dequeue=batch_size * 2, num_threads=num_threads)
        else:
            lines = tf.train.batch([line], batch_size, num_threads=num_threads)
        features = _decode_csv(lines)
        target = features.pop(constants.TARGET_COLUMN)
        return features, target
    return _input_fn
