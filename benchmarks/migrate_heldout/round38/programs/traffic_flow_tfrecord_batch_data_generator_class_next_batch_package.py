#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Traffic-flow validation read: a BatchDataGenerator over one TFRecord file, three fixed next_batch calls."""
import os

import numpy as np
import tensorflow as tf

from gta38_lib.datagenerator import BatchDataGenerator
from gta38_lib.config import *
from gta38_lib.utils import get_batch, load_scaler, prepare_feed_data


def write_records(path):
    rng = np.random.RandomState(38)
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(VAL_SAMPLE_NUMS):
            date = np.array([2011, 1 + i % 12, 1 + i, i % 7, 4 * i], np.float32)
            flow = rng.randint(0, 400, size=INPUT_SIZE * PERIODS).astype(np.float32)
            pred = rng.randint(0, 400, size=INPUT_SIZE).astype(np.float32)
            example = tf.train.Example(features=tf.train.Features(feature={
                'traffic_flow': tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[np.concatenate([date, flow]).tobytes()])),
                'prediction_flow': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pred.tobytes()])),
            }))
            writer.write(example.SerializeToString())


def _r(x):
    return np.round(np.asarray(x, np.float64), 5).tolist()


def main(data_dir):
    out = os.path.join(data_dir, 'h38_traffic_flow')
    os.makedirs(out, exist_ok=True)
    record_file = os.path.join(out, RECORD_NAME)
    write_records(record_file)

    flow_scaler, date_scaler = load_scaler()
    val_generator = BatchDataGenerator([record_file], VAL_BATCH_SIZE, shuffle=False)
    batches = []
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(3):  # 12 rows over a 10-record file: the producer wraps
            batch_data = get_batch(sess, val_generator, flow_scaler, date_scaler)
            date, traffic_input, targets = prepare_feed_data(batch_data)
            month, week, cur = traffic_input
            batches.append([_r(date), _r(month), _r(week), _r(cur), _r(targets)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "validation steps: %d" % len(batches)}
