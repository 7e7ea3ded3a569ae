# -*- coding: utf-8 -*-
# Metro escalator loads, after BrilliantLing/Deep-Learning-Code-Collection `Source/cnn_traffic/read_record.py`:
# `read_and_decode(filename, feature_name)` building its own unlimited producer and reader for one float64 matrix
# feature (`[32,216]` there, `[4,6]` here: 4 escalators x 6 ten-minute slots). The caller reads the 'load' and the
# 'speed' matrices through two such calls and runs both once per day for a fixed number of days, no batch op.
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
from six.moves import xrange
import tensorflow.compat.v1 as tf

from escalator69_cnn import read_record

NUM_DAYS = 6


def main(data_dir):
    out = os.path.join(data_dir, 'h69_escalator')
    os.makedirs(out, exist_ok=True)
    train_file = os.path.join(out, 'train.tfrecords')
    rng = np.random.RandomState(69)
    with tf.python_io.TFRecordWriter(train_file) as writer:
        for day in xrange(NUM_DAYS):
            load = rng.randint(0, 120, size=(4, 6)).astype(np.float64)
            speed = np.round(0.5 + rng.rand(4, 6) * 0.25, 3)
            example = tf.train.Example(features=tf.train.Features(feature={
                'load': tf.train.Feature(bytes_list=tf.train.BytesList(value=[load.tobytes()])),
                'speed': tf.train.Feature(bytes_list=tf.train.BytesList(value=[speed.tobytes()])),
            }))
            writer.write(example.SerializeToString())

    load = read_record.read_and_decode(train_file, 'load')
    speed = read_record.read_and_decode(train_file, 'speed')

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for day in xrange(NUM_DAYS):
        load_value, speed_value = sess.run([load, speed])
        batches.append([load_value.tolist(), np.round(speed_value.mean(axis=1), 3).tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "days: %d" % len(batches)}
