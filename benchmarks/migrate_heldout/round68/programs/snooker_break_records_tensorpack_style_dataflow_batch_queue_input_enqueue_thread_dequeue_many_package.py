#!/usr/bin/env python
# -*- coding: utf-8 -*-
# File: snooker-breaks.py
# Breaks of a club snooker league, read by a DataFlow and fed to the
# graph through a tensorpack-style BatchQueueInput.

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tp68_lib.dataflow import RNGDataFlow
from tp68_lib.input_source import InputDesc, BatchQueueInput

BATCH = 4


class SnookerBreaks(RNGDataFlow):
    """ Produce [player, points, [reds, colours, pots]] for each break of the log. """

    def __init__(self, log_file, shuffle=False):
        self.log_file = log_file
        self.shuffle = shuffle
        with open(log_file) as f:
            self.rows = [r for r in csv.reader(f)][1:]

    def size(self):
        return len(self.rows)

    def get_data(self):
        idxs = np.arange(len(self.rows))
        if self.shuffle:
            self.rng.shuffle(idxs)
        for k in idxs:
            player, points, reds, colours = self.rows[k]
            pots = np.asarray([float(reds), float(colours), float(reds) + float(colours)],
                              dtype='float32')
            yield [int(player), int(points), pots]


class Model(object):
    def _get_inputs(self):
        return [InputDesc(tf.int32, [None], 'player'),
                InputDesc(tf.int32, [None], 'points'),
                InputDesc(tf.float32, [None, 3], 'pots')]

    def build_graph(self, inputs):
        player, points, pots = inputs
        self.points_per_pot = tf.cast(points, tf.float32) / tf.maximum(pots[:, 2], 1.0)
        self.outputs = [player, points, pots, self.points_per_pot]


def write_log(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(68)
    path = os.path.join(folder, 'breaks.csv')
    with open(path, 'w') as f:
        f.write('player,points,reds,colours\n')
        for i in range(12):
            reds = int(rng.randint(1, 9))
            colours = int(rng.randint(0, reds + 1))
            points = reds + colours * int(rng.randint(2, 8))
            f.write('%d,%d,%d,%d\n' % (100 + i % 5, points, reds, colours))
    return path


def main(data_dir):
    path = write_log(os.path.join(data_dir, 'h68_snooker'))
    ds = SnookerBreaks(path, shuffle=False)
    model = Model()
    input = BatchQueueInput(ds, BATCH)
    input.setup(model._get_inputs())
    model.build_graph(input.get_input_tensors())

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    input.start(sess)
    try:
        while True:
            player, points, pots, ppp = sess.run(model.outputs)
            batches.append([player.tolist(), points.tolist(), pots.tolist(),
                            np.round(ppp, 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    input.thread.join(5)
    sess.close()
    return {"batches": batches, "end": "breaks: %d" % (BATCH * len(batches))}
