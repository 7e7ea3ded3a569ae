"""Estimator-style input functions: a closure reads `is_training` from its maker and returns dicts."""

import glob
import os

import tensorflow.compat.v1 as tf

DEFAULTS = [[0], [0.0], [0]]


def _columns(line):
    a, b, label = tf.decode_csv(line, record_defaults=DEFAULTS)
    return {'a': a, 'b': b, 'label': label}


def build_input_fn(data_dir, params, mode):
    def input_fn():
        files = sorted(glob.glob(os.path.join(data_dir, params['pattern'])))
        is_training = mode == 'train'
        epochs = params['epochs'] if is_training else 1
        queue = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=is_training)
        _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
        row = _columns(line)
        if is_training:
            batch = tf.train.shuffle_batch(row, batch_size=params['batch_size'], capacity=params['batch_size'] * 5,
                                           min_after_dequeue=params['batch_size'], allow_smaller_final_batch=True)
        else:
            batch = tf.train.batch(row, batch_size=params['batch_size'], allow_smaller_final_batch=True)
        label = batch.pop('label')
        return batch, label
    return input_fn
