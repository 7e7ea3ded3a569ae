# -*- coding: utf-8 -*-
"""Perfume accord trials: a tflearn-like FeedDictFlow feeding placeholders (one loader thread, data order kept)."""
from __future__ import division, print_function, absolute_import

import json
import os

import numpy as np
import tensorflow as tf

from perf55_lib import FeedDictFlow


def load_trials(path):
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    X = np.array([r['ratios'] for r in rows], dtype=np.float32)  # top, heart, base
    Y = np.array([r['panel_score'] for r in rows], dtype=np.float32)
    return X, Y


def scale_ratios(x):
    return x / x.sum(axis=1, keepdims=True)


def main(data_dir):
    out = os.path.join(data_dir, 'h55_accord_trials')
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, 'trials.jsonl')
    rng = np.random.RandomState(55)
    with open(path, 'w') as f:
        for i in range(11):
            f.write(json.dumps({'trial': i, 'ratios': [int(v) for v in rng.randint(1, 20, size=3)],
                                'panel_score': round(float(rng.uniform(1, 10)), 1)}) + '\n')
    X, Y = load_trials(path)

    g = tf.compat.v1
    input_ph = g.placeholder(tf.float32, shape=[None, 3], name='InputData')
    target_ph = g.placeholder(tf.float32, shape=[None], name='TargetsData')
    W = g.get_variable('W', initializer=tf.constant([[1.0], [2.0], [3.0]]))
    pred = tf.squeeze(tf.matmul(input_ph, W), axis=1)
    err = tf.reduce_mean(tf.abs(pred - target_ph))

    coord = g.train.Coordinator()
    flow = FeedDictFlow({input_ph: X, target_ph: Y}, coord, batch_size=4, num_threads=1,
                        shuffle=False, dprep_dict={input_ph: scale_ratios})
    flow.start()
    batches = []
    with g.Session() as sess:
        sess.run(g.global_variables_initializer())
        feed = flow.next()
        while feed:
            p, e = sess.run([pred, err], feed_dict=feed)
            batches.append([np.round(feed[input_ph].astype(np.float64), 4).tolist(),
                            feed[target_ph].astype(np.float64).round(2).tolist(),
                            np.round(p.astype(np.float64), 4).tolist()])
            feed = flow.next()
    flow.stop()
    return {"batches": batches, "end": "trials: %d" % sum(len(b[1]) for b in batches)}
