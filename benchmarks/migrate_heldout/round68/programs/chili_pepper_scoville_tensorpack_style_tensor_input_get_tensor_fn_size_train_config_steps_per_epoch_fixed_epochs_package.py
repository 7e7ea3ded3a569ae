#!/usr/bin/env python
# -*- coding: utf-8 -*-
# File: chili-heat.py
# Scoville ratings of a chili grower's harvests.  The input is a TF reading
# pipeline wrapped in a tensorpack-style `TensorInput(get_tensor_fn, size)`
# (as the PTB example does), the loop is `steps_per_epoch` x `max_epoch`.

import os

import numpy as np
import tensorflow.compat.v1 as tf

from tpin68_lib.input_source import TensorInput
from tpin68_lib.train import TrainConfig, SimpleTrainer, StartQueueRunners

BATCH = 4
N_HARVESTS = 12


class Model(object):
    def get_inputs_desc(self):
        return [('harvest', tf.int32, [None]),
                ('cultivar', tf.string, [None]),
                ('shu', tf.float32, [None])]

    def build_graph(self, inputs):
        harvest, cultivar, shu = inputs
        log_heat = tf.log(shu) / np.log(10.0)
        w = tf.get_variable('w', [], initializer=tf.constant_initializer(0.5))
        cost = tf.reduce_mean(tf.square(w * log_heat - 2.0))
        self.train_op = tf.train.GradientDescentOptimizer(0.01).minimize(cost)
        self.fetches = [harvest, cultivar, shu, log_heat]


def write_harvests(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(9068)
    path = os.path.join(folder, 'harvests.csv')
    base = {'jalapeno': 5000, 'cayenne': 40000, 'habanero': 250000}
    with open(path, 'w') as f:
        for i in range(N_HARVESTS):
            cultivar = ['jalapeno', 'cayenne', 'habanero'][i % 3]
            shu = base[cultivar] * float(rng.uniform(0.6, 1.6))
            f.write('%d,%s,%.0f\n' % (i, cultivar, shu))
    return path


def get_data(path):
    def get_tensors():
        fq = tf.train.string_input_producer([path], shuffle=False)
        reader = tf.TextLineReader()
        _, line = reader.read(fq)
        harvest, cultivar, shu = tf.decode_csv(line, [[0], [''], [0.0]])
        return tf.train.batch([harvest, cultivar, shu], batch_size=BATCH, num_threads=1,
                              capacity=3 * BATCH)
    return TensorInput(get_tensors, size=N_HARVESTS // BATCH)


def main(data_dir):
    path = write_harvests(os.path.join(data_dir, 'h68_chili'))
    config = TrainConfig(
        model=Model(),
        data=get_data(path),
        callbacks=[StartQueueRunners()],
        max_epoch=1,
    )
    trainer = SimpleTrainer(config)
    trainer.train()

    batches = []
    for harvest, cultivar, shu, log_heat in trainer.monitors:
        batches.append([harvest.tolist(), [c.decode() for c in cultivar],
                        np.round(shu, 0).tolist(), np.round(log_heat, 4).tolist()])
    return {"batches": batches, "end": "harvests: %d, global step %d" % (
        sum(len(b[0]) for b in batches), trainer.final_step)}
