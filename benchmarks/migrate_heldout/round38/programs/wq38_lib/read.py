#!/usr/bin/env python
# -*- coding: utf-8 -*-
# @Date  : 2018/1/24
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function
from __future__ import unicode_literals

import tensorflow as tf


def _csv_column_defaults(conf):
    """Parse csv columns name and defaults from config.
    Returns:
        (column_names, column_defaults)
    """
    schema = conf.schema
    feature_conf = conf.feature

    column_names, column_defaults = list(schema.values()), []
    for f in column_names:
        if f == "label":
            column_defaults.append([0])  # label
        elif feature_conf[f]['type'] == 'category':
            column_defaults.append([0] if feature_conf[f].get('int') else [''])
        else:
            column_defaults.append([0.0])
    return column_names, column_defaults


def input_fn(csv_data_file, conf, mode, batch_size):
    """Input function for train or evaluate: a features dict and a label batch."""
    column_names, column_defaults = _csv_column_defaults(conf)
    params = conf.train
    num_epochs = params['num_epochs'] if mode == 'train' else 1
    filename_queue = tf.compat.v1.train.string_input_producer(
        [csv_data_file], num_epochs=num_epochs, shuffle=params['shuffle'])
    reader = tf.compat.v1.TextLineReader(skip_header_lines=params['skip_header'])
    _, value = reader.read(filename_queue)
    columns = tf.io.decode_csv(value, record_defaults=column_defaults, field_delim=',')
    features = dict(zip(column_names, columns))
    batch = tf.compat.v1.train.batch(features, batch_size=batch_size, capacity=batch_size * 4,
                                     allow_smaller_final_batch=True)
    labels = batch.pop('label')
    return batch, labels
