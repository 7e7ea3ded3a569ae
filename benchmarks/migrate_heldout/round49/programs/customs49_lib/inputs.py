#!/usr/bin/env python
"""
Defines the inputs passed into training task
"""

import multiprocessing
import tensorflow.compat.v1 as tf

from customs49_lib import constants
from customs49_lib import featurizer


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


def input_fn(file_names, num_epochs=1, batch_size=constants.BATCH_SIZE, skip_header_lines=1):
    filename_queue = tf.train.string_input_producer(
        file_names, num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=skip_header_lines)
    _, rows = reader.read_up_to(filename_queue, num_records=batch_size)
    features = _decode_csv(rows)
    features = tf.train.batch(
        features, batch_size, capacity=batch_size * 10,
        num_threads=1, enqueue_many=True,
        allow_smaller_final_batch=True)
    target = features.pop(constants.TARGET_COLUMN)
    return features, target
