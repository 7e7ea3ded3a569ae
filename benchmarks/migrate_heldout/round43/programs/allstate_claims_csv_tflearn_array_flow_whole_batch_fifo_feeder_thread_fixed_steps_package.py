"""Allstate claims severity (Kaggle) with TFLearn's ArrayFlow: the whole claims table is held in
numpy, a feeder thread pushes whole batches into a FIFOQueue of shapeless elements, the model
reads `flow.get()` and trains for a fixed number of steps."""
from __future__ import division, print_function, absolute_import

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tflearn43_lib.data_flow import ArrayFlow

CAT_COLS = ['cat1', 'cat2', 'cat3']
CONT_COLS = ['cont1', 'cont2', 'cont3', 'cont4']
BATCH_SIZE = 4
TRAINING_STEPS = 5


def write_claims(path):
    rng = np.random.RandomState(43)
    with open(path, 'w') as f:
        f.write('id,' + ','.join(CAT_COLS + CONT_COLS) + ',loss\n')
        for i in range(10):
            cats = [rng.choice(['A', 'B']) for _ in CAT_COLS]
            conts = ['%.4f' % v for v in rng.uniform(0, 1, len(CONT_COLS))]
            loss = '%.2f' % rng.uniform(500, 9000)
            f.write(','.join([str(1000 + i)] + cats + conts + [loss]) + '\n')


def load_claims(path):
    X, Y = [], []
    with open(path) as f:
        reader = csv.DictReader(f)
        for row in reader:
            feats = [1.0 if row[c] == 'B' else 0.0 for c in CAT_COLS]
            feats += [float(row[c]) for c in CONT_COLS]
            X.append(feats)
            Y.append([np.log(float(row['loss']))])
    return np.array(X, dtype=np.float32), np.array(Y, dtype=np.float32)


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_allstate_claims')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'train.csv')
    write_claims(path)
    X, Y = load_claims(path)

    flow = ArrayFlow(X, Y, batch_size=BATCH_SIZE, shuffle=False)
    x, y = flow.get()

    W = tf.get_variable('W', [7, 1], initializer=tf.zeros_initializer())
    b = tf.get_variable('b', [1], initializer=tf.zeros_initializer())
    pred = tf.matmul(x, W) + b
    cost = tf.reduce_mean(tf.abs(pred - y))
    train_op = tf.train.GradientDescentOptimizer(0.01).minimize(cost)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        threads = flow.launch_threads(sess)
        for step in range(TRAINING_STEPS):
            _, bx, by = sess.run([train_op, x, y])
            batches.append([np.round(bx.astype(np.float64), 4).tolist(),
                            np.round(by[:, 0].astype(np.float64), 4).tolist()])
        sess.run(flow.close_op)
        for t in threads:
            t.join()
    return {"batches": batches, "end": "steps: %d" % TRAINING_STEPS}
