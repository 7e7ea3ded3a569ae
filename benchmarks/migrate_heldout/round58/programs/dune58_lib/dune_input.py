# -*- coding: utf-8 -*-
"""
Created on Thu Mar 16 11:50:47 2017

@author: the remote-sensing group

Input for the dune slip-face segmentation: aerial tiles listed in a text file, fed by a Python thread.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import threading
import logging

import numpy as np

import tensorflow.compat.v1 as tf
from tensorflow.python.framework import dtypes
from tensorflow.python.training import queue_runner

from dune58_lib import params


def _load_tile_list(data_file):
    base_path = os.path.realpath(os.path.dirname(data_file))
    files = [line.rstrip() for line in open(data_file)]
    for file in files:
        image_file, gt_image_file = file.split(" ")
        image_file = os.path.join(base_path, image_file)
        assert os.path.exists(image_file), \
            "File does not exist: %s" % image_file
        gt_image_file = os.path.join(base_path, gt_image_file)
        assert os.path.exists(gt_image_file), \
            "File does not exist: %s" % gt_image_file
        yield image_file, gt_image_file


def _make_data_gen(hypes, phase, data_dir):
    """Returns a data generator that outputs image samples."""
    if phase == 'train':
        data_file = hypes['data']["train_file"]
    elif phase == 'val':
        data_file = hypes['data']["val_file"]
    else:
        assert False, "Unknown Phase %s" % phase

    data_file = os.path.join(data_dir, data_file)

    for image_file, gt_image_file in _load_tile_list(data_file):
        image = np.load(image_file).astype(np.float32) / 255.0
        gt_image = np.load(gt_image_file).astype(np.int32)
        yield image, gt_image


def create_queues(hypes, phase):
    """Create Queues."""
    dtypes = [tf.float32, tf.int32]
    shapes = ([params.IMAGE_HEIGHT, params.IMAGE_WIDTH, params.NUM_CHANNELS],
              [params.IMAGE_HEIGHT, params.IMAGE_WIDTH])
    capacity = params.QUEUE_CAPACITY
    q = tf.FIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes)
    tf.summary.scalar("queue/%s/fraction_of_%d_full" % (q.name + "_" + phase, capacity),
                      tf.cast(q.size(), tf.float32) * (1. / capacity))
    return q


def start_enqueuing_threads(hypes, q, phase, sess, data_dir):
    """Start enqueuing threads."""
    image_pl = tf.placeholder(tf.float32)
    label_pl = tf.placeholder(tf.int32)
    data = [image_pl, label_pl]
    enqueue_op = q.enqueue(data)
    close_op = q.close()

    def make_feed(data):
        image, label = data
        return {image_pl: image, label_pl: label}

    def enqueue_loop(sess, enqueue_op, phase, gen):
        # infinity loop enqueueing data
        for d in gen:
            sess.run(enqueue_op, feed_dict=make_feed(d))
        sess.run(close_op)

    # Start a thread to enqueue data asynchronously, and hide I/O latency.
    gen = _make_data_gen(hypes, phase, data_dir)
    t = threading.Thread(target=enqueue_loop,
                         args=(sess, enqueue_op,
                               phase, gen))
    t.daemon = True
    t.start()
    return t


def inputs(hypes, q, phase):
    if phase == 'val':
        image, label = q.dequeue()
        image = tf.expand_dims(image, 0)
        label = tf.expand_dims(label, 0)
        return image, label
    image, label = q.dequeue_many(hypes['solver']['batch_size'])
    return image, label
