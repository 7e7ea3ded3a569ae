# -*- coding: utf-8 -*-
"""A slim-like data provider over TFRecord files, as polyaxon.processing had."""
from __future__ import absolute_import, division, print_function

import tensorflow.compat.v1 as tf


class TFRecordImageProvider(object):
    def __init__(self, data_files, meta_data, shuffle=True, num_epochs=None, seed=None):
        self._data_files = data_files
        self._meta = meta_data
        filename_queue = tf.train.string_input_producer(
            data_files, num_epochs=num_epochs, shuffle=shuffle, seed=seed)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        shape = self._meta['image_shape']
        parsed = tf.parse_single_example(serialized, features={
            'image/encoded': tf.FixedLenFeature([], tf.string),
            'image/class/label': tf.FixedLenFeature([], tf.int64),
            'image/id': tf.FixedLenFeature([], tf.int64),
        })
        image = tf.reshape(tf.decode_raw(parsed['image/encoded'], tf.uint8), shape)
        self._items = {'image': image,
                       'label': parsed['image/class/label'],
                       'id': parsed['image/id']}

    def list_items(self):
        return list(self._meta['items_to_descriptions'].keys())

    def get(self, items):
        return [self._items[i] for i in items]
