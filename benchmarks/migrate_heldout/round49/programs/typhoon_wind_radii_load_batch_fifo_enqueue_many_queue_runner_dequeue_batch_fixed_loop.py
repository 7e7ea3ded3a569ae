# -*- coding: utf-8 -*-
"""
Created on Tue Jan  18 09:27:57 2018
Create input pipeline for the typhoon intensity model

@author: forecaster
"""

import os

import numpy as np
import tensorflow as tf

NUM_QUADRANTS = 4
NUM_CLASSES = 3


def read_data_sets(data_dir):
    rows = np.loadtxt(os.path.join(data_dir, 'wind_radii.txt'), delimiter=' ')
    radii = rows[:, :NUM_QUADRANTS].astype(np.float32)
    onehot = np.eye(NUM_CLASSES, dtype=np.int32)[rows[:, -1].astype(int)]
    return radii, onehot


def load_batch(data_dir, batch_size):

    radii, labels = read_data_sets(data_dir)

    min_samples_after_dequeue = 20

    q = tf.compat.v1.FIFOQueue(capacity=min_samples_after_dequeue,
                     dtypes=[tf.float32, tf.int32], shapes=[[NUM_QUADRANTS],
                                                            [NUM_CLASSES]])

    enqueue_op = q.enqueue_many([radii, labels])

    num_threads = 1

    qr = tf.compat.v1.train.QueueRunner(q, [enqueue_op]*num_threads)
    tf.compat.v1.train.add_queue_runner(qr)

    radius, label = q.dequeue()

    batch_radii, batch_labels = tf.compat.v1.train.batch(
            [radius, label],
            batch_size=batch_size,
            num_threads=num_threads,
            capacity=min_samples_after_dequeue + 3 * batch_size)


    return batch_radii, batch_labels


"""
with tf.Session() as sess:

    coord = tf.train.Coordinator()

    threads = tf.train.start_queue_runners(coord=coord)

    for i in range(5):
        print(sess.run([batch_images, batch_labels]))
    # Request the child threads to stop ...
    coord.request_stop()
    # ... and wait for them to do so before releasing the main thread
    coord.join(threads)
"""


def main(data_dir):
    folder = os.path.join(data_dir, 'h49_typhoon_radii')
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(49)
    with open(os.path.join(folder, 'wind_radii.txt'), 'w') as f:
        for i in range(7):
            r = rng.randint(30, 250, size=NUM_QUADRANTS)
            f.write(' '.join(str(v) for v in r) + ' %d\n' % (i % NUM_CLASSES))

    batch_radii, batch_labels = load_batch(folder, 3)
    batches = []
    with tf.compat.v1.Session() as sess:

        coord = tf.compat.v1.train.Coordinator()

        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

        for i in range(5):
            r, l = sess.run([batch_radii, batch_labels])
            batches.append([r.tolist(), l.tolist()])
        # Request the child threads to stop ...
        coord.request_stop()
        # ... and wait for them to do so before releasing the main thread
        coord.join(threads)
    return {"batches": batches, "end": "radii batches: %d" % len(batches)}
