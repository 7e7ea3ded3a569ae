#!/usr/bin/python
# -*- coding: utf-8 -*-

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import sys

import numpy as np
import tensorflow as tf

import seedling38_lib.data_provider as data_provider
import seedling38_lib.gen_records as gen_records

TRAIN_CONFIG = {
    'name': 'plant_seedings_classification',
    'training_size': 10,
    'test_size': 4,
    'pattern_training_set': 'plant.config.train*.tfrecord',
    'pattern_test_set': 'plant.config.test*.tfrecord',
    'image_shape': (2, 2, 3),
    'items_to_descriptions': {''}
}

BATCH_SIZE = 3
NUM_CLASS = 4
NUM_EPOCH = 1


def train(data_dir):
    train_queue, test_queue = data_provider.get_data_queues(TRAIN_CONFIG, data_dir, BATCH_SIZE, NUM_EPOCH)
    images, labels, species = train_queue
    one_hot = tf.one_hot(labels, NUM_CLASS)
    batches = []
    with tf.compat.v1.train.MonitoredSession() as sess:
        while not sess.should_stop():
            im, oh, sp = sess.run([images, one_hot, species])
            batches.append([im.tolist(), oh.astype(np.float64).tolist(), [s.decode() for s in sp]])
    return batches


def main(data_dir):
    out = os.path.join(data_dir, 'h38_plant_seedlings')
    os.makedirs(out, exist_ok=True)
    gen_records.write_shards(out, 'plant.config', 'train', 2, 5, TRAIN_CONFIG['image_shape'], 38)
    gen_records.write_shards(out, 'plant.config', 'test', 1, 4, TRAIN_CONFIG['image_shape'], 83)
    batches = train(out)
    return {"batches": batches, "end": "seedlings: %d" % sum(len(b[2]) for b in batches)}
