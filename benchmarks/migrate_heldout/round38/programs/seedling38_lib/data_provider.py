#!/usr/bin/python
# -*- coding: utf-8 -*-

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import tensorflow as tf


def _parse(serialized, image_shape):
    features = tf.compat.v1.parse_single_example(serialized, features={
        'image/encoded': tf.compat.v1.FixedLenFeature([], tf.string),
        'image/class/label': tf.compat.v1.FixedLenFeature([], tf.int64),
        'image/species': tf.compat.v1.FixedLenFeature([], tf.string, default_value=''),
    })
    image = tf.compat.v1.decode_raw(features['image/encoded'], tf.uint8)
    image = tf.reshape(image, image_shape)
    label = tf.cast(features['image/class/label'], tf.int32)
    return image, label, features['image/species']


def _data_queue(data_dir, pattern, image_shape, batch_size, num_epoch):
    files = sorted(tf.io.gfile.glob(os.path.join(data_dir, pattern)))
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=num_epoch, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    image, label, species = _parse(serialized, image_shape)
    return tf.compat.v1.train.batch([image, label, species], batch_size=batch_size,
                                    allow_smaller_final_batch=True)


def get_data_queues(config, data_dir, batch_size, num_epoch):
    """Returns (train_queue, test_queue): each a tuple (images, labels, species) of batches."""
    train_queue = _data_queue(data_dir, config['pattern_training_set'], config['image_shape'],
                              batch_size, num_epoch)
    test_queue = _data_queue(data_dir, config['pattern_test_set'], config['image_shape'],
                             batch_size, 1)
    return train_queue, test_queue
