#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Property listings (MLS export) fed tensorpack-style: a DataFlow over the CSV, a QueueInput whose
EnqueueThread pushes datapoints through the model's input placeholders into a FIFOQueue forever
(epoch after epoch), and a trainer that runs `max_steps` steps and cancels the thread after."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tp43_lib.dataflow import ListingsCSV
from tp43_lib.input_data import QueueInput
from tp43_lib.train import InputVar, ModelDesc, TrainConfig, SimpleQueueTrainer

CITIES = ['Arroyo Grande', 'Paso Robles', 'Atascadero', 'Morro Bay']


class Model(ModelDesc):
    def _get_input_vars(self):
        return [InputVar(tf.float32, (4,), 'features'),
                InputVar(tf.float32, (), 'log_price'),
                InputVar(tf.int64, (), 'mls')]

    def _build_graph(self, input_vars):
        feat, log_price, mls = input_vars
        feat = tf.expand_dims(feat, 0)
        w = tf.get_variable('w', [4, 1], initializer=tf.zeros_initializer())
        pred = tf.squeeze(tf.matmul(feat, w))
        self.cost = tf.square(pred - log_price, name='cost')
        self.train_op = tf.train.GradientDescentOptimizer(1e-3).minimize(self.cost)


def write_listings(path):
    rng = np.random.RandomState(431)
    with open(path, 'w') as f:
        f.write('MLS,Location,Price,Bedrooms,Bathrooms,Size,Price SQ Ft,Status\n')
        for i in range(10):
            size = int(rng.randint(900, 3200))
            price = int(size * rng.uniform(150, 500))
            f.write('%d,%s,%d,%d,%d,%d,%.2f,%s\n' % (
                132842 + i * 17, CITIES[rng.randint(4)], price, rng.randint(1, 5),
                rng.randint(1, 4), size, price / float(size),
                rng.choice(['Regular', 'Short Sale', 'Foreclosure'])))


def get_config(path):
    dataset_train = ListingsCSV(path, shuffle=False)
    return TrainConfig(dataflow=dataset_train, model=Model(), callbacks=[], max_steps=13)


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_real_estate_listings')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'RealEstate.csv')
    write_listings(path)

    config = get_config(path)
    trainer = SimpleQueueTrainer(config, QueueInput(config.dataflow))
    outputs = trainer.train()
    batches = [[[np.round(feat.astype(np.float64), 4).tolist()],
                [round(float(lp), 4)], [int(mls)]] for feat, lp, mls in outputs]
    return {"batches": batches, "end": "max_steps: %d" % config.max_steps}
