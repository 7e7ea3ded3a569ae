"""The Interview Attendance Problem (Kaggle, 2017): candidates read with the csv module, encoded in
numpy, and served to placeholders by TFLearn's FeedDictFlow (a batch-id thread and two feed-dict
threads over Python queues); the training loop asks `flow.next()` until it returns False."""
from __future__ import division, print_function, absolute_import

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tflearn43_lib import data_flow

INDUSTRIES = ['Pharmaceuticals', 'IT Services', 'BFSI', 'Electronics']
INTERVIEW_TYPES = ['Scheduled Walkin', 'Scheduled', 'Walkin']


def write_candidates(path):
    rng = np.random.RandomState(4343)
    with open(path, 'w') as f:
        f.write('Date of Interview,Industry,Interview Type,Name(Cand ID),Gender,'
                'Have you obtained the necessary permission to start at the required time,'
                'Observed Attendance\n')
        for i in range(12):
            f.write('%02d.03.2016,%s,%s,Candidate %d,%s,%s,%s\n' % (
                1 + i, INDUSTRIES[rng.randint(4)], INTERVIEW_TYPES[rng.randint(3)], 100 + i,
                rng.choice(['Male', 'Female']), rng.choice(['Yes', 'No', 'NA']),
                rng.choice(['Yes', 'No'])))


def encode(rows):
    feats, labels, ids = [], [], []
    for row in rows:
        onehot = [0.0] * (len(INDUSTRIES) + len(INTERVIEW_TYPES))
        onehot[INDUSTRIES.index(row['Industry'])] = 1.0
        onehot[len(INDUSTRIES) + INTERVIEW_TYPES.index(row['Interview Type'])] = 1.0
        onehot.append(1.0 if row['Gender'] == 'Male' else 0.0)
        perm = row['Have you obtained the necessary permission to start at the required time']
        onehot.append(1.0 if perm == 'Yes' else 0.0)
        feats.append(onehot)
        labels.append(1.0 if row['Observed Attendance'] == 'Yes' else 0.0)
        ids.append(row['Name(Cand ID)'])
    return np.array(feats, np.float32), np.array(labels, np.float32), np.array(ids, dtype=object)


def main(data_dir):
    folder = os.path.join(data_dir, 'h43_interview_attendance')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'Interview.csv')
    write_candidates(path)
    with open(path) as f:
        X, Y, cand = encode(list(csv.DictReader(f)))

    # Building Network
    x = tf.placeholder(tf.float32, [None, X.shape[1]], name='InputData')
    y = tf.placeholder(tf.float32, [None], name='TargetsData')
    cand_id = tf.placeholder(tf.string, [None], name='CandidateId')
    W = tf.Variable(tf.zeros([X.shape[1], 1]))
    logits = tf.squeeze(tf.matmul(x, W), [1])
    loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)

    coord = tf.train.Coordinator()
    flow = data_flow.FeedDictFlow({x: X, y: Y, cand_id: cand}, coord,
                                  batch_size=4, num_threads=2, shuffle=False)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        flow.start()
        while True:
            feed_batch = flow.next()
            if feed_batch is False:
                break
            _, bx, by, bid = sess.run([train_op, x, y, cand_id], feed_dict=feed_batch)
            batches.append([bx.tolist(), by.tolist(), [s.decode() if isinstance(s, bytes) else s for s in bid]])
    return {"batches": batches, "end": "flow returned False"}
