#!/usr/bin/env python
# -*- coding: utf-8 -*-
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow as tf

from wq38_lib.conf import Config
from wq38_lib.read import input_fn


def write_samples(path):
    rng = np.random.RandomState(38)
    stations = ['upper_weir', 'mill_bridge', 'estuary']
    with open(path, 'w') as f:
        f.write('label,station,ph,dissolved_oxygen,nitrate,turbidity,month\n')
        for i in range(10):
            do = round(float(rng.uniform(4, 11)), 2)
            f.write('%d,%s,%.2f,%.2f,%.2f,%.1f,%d\n' % (
                int(do > 6.5), stations[i % 3], rng.uniform(6.3, 8.6), do, rng.uniform(0.2, 9.0),
                rng.uniform(1, 40), 1 + i))


def main(data_dir):
    out = os.path.join(data_dir, 'h38_water_quality')
    os.makedirs(out, exist_ok=True)
    csv_file = os.path.join(out, 'samples_2019.csv')
    write_samples(csv_file)

    conf = Config()
    features, labels = input_fn(csv_file, conf, 'train', conf.train['batch_size'])
    keys = sorted(features)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                feats, labs = sess.run([features, labels])
                row = []
                for k in keys:
                    v = feats[k]
                    if v.dtype == object:
                        row.append([s.decode() for s in v])
                    elif v.dtype.kind == 'f':
                        row.append(np.round(v.astype(np.float64), 4).tolist())
                    else:
                        row.append(v.tolist())
                row.append(labs.tolist())
                batches.append(row)
        except tf.errors.OutOfRangeError:
            print('Done reading samples')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "samples: %d" % sum(len(b[-1]) for b in batches)}
