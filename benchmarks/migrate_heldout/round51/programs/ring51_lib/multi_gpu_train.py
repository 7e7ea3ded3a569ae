#!/usr/bin/env python
# -*- coding: utf-8 -*-
# @Author  : h51
"""Ring-reading photo classifier trained over towers; this module also owns the record reader."""

import tensorflow as tf

tf1 = tf.compat.v1


class _Flags(object):
    tfrecord_filename = ''
    batch_size = 3
    image_size = 4
    num_gpus = 2


FLAGS = _Flags()


def read_and_decode(filename_queue):
    reader = tf1.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf1.parse_single_example(
        serialized_example,
        features={
            'image_raw': tf1.FixedLenFeature([], tf.string),
            'ring_id': tf1.FixedLenFeature([], tf.string),
            'label': tf1.FixedLenFeature([], tf.int64),
        })
    image = tf1.decode_raw(features['image_raw'], tf.uint8)
    image = tf.reshape(image, [FLAGS.image_size, FLAGS.image_size, 1])
    label = tf.cast(features['label'], tf.int32)
    images, ring_ids, labels = tf1.train.batch(
        [image, features['ring_id'], label],
        batch_size=FLAGS.batch_size,
        num_threads=1,
        capacity=3 * FLAGS.batch_size)
    return images, ring_ids, labels
