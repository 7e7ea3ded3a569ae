#!/usr/bin/env python
# -*- coding: utf-8 -*-
########################################################################
#
# Trapeze act timings, CIFAR-like binary records
#
########################################################################

"""
File: trapeze.py
Date: 2017/11/27 10:41:01
"""
import os

import tensorflow as tf
from . import config


def input_fn(is_training):
    """Input function streaming train/predict data

    Args:
        is_training: True for get training data, False for prediction

    Returns:
        timings, labels
    """
    if is_training:
        filenames = [os.path.join(config.DATA_DIR, f) for f in config.TRAIN_FILES]
    else:
        filenames = [os.path.join(config.DATA_DIR, config.TEST_FILE)]
    filename_queue = tf.compat.v1.train.string_input_producer(
        filenames, shuffle=is_training, num_epochs=config.NUM_EPOCHS)
    reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=config.RECORD_BYTES)
    _, value = reader.read(filename_queue)
    record = tf.compat.v1.decode_raw(value, tf.uint8)
    label = tf.cast(tf.strided_slice(record, [0], [config.LABEL_BYTES]), tf.int32)
    label = tf.reshape(label, [])
    timings = tf.strided_slice(record, [config.LABEL_BYTES], [config.RECORD_BYTES])
    timings = tf.cast(timings, tf.float32) / 10.0
    timings.set_shape([config.TIMING_COUNT])
    if is_training:
        return tf.compat.v1.train.shuffle_batch(
            [timings, label], batch_size=config.BATCH_SIZE, capacity=50, min_after_dequeue=10)
    return tf.compat.v1.train.batch(
        [timings, label], batch_size=config.BATCH_SIZE, num_threads=1,
        allow_smaller_final_batch=True)


if __name__ == "__main__":
    pass
