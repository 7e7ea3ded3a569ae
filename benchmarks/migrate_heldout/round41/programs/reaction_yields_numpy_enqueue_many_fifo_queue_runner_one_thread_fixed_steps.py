""" Queue example after the CS 20SI lecture on queues: a whole numpy array is
pushed again and again by a QueueRunner's enqueue_many, and the training loop takes
single samples for a fixed number of steps.
Data: reaction yields (temperature, pressure, catalyst load, time) -> above 50% yield.
"""
from __future__ import print_function

import os

import numpy as np
import tensorflow as tf

N_SAMPLES = 6
NUM_THREADS = 1
N_STEPS = 10


def load_reactions(data_dir):
    folder = os.path.join(data_dir, 'h41_reaction_yields')
    if not os.path.exists(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'reactions.npz')
    rng = np.random.RandomState(20)
    data = np.round(10 * rng.randn(N_SAMPLES, 4) + 1, 2).astype(np.float32)
    target = rng.randint(0, 2, size=N_SAMPLES).astype(np.int32)
    np.savez(path, data=data, target=target)
    loaded = np.load(path)
    return loaded['data'], loaded['target']


def main(data_dir):
    data, target = load_reactions(data_dir)

    queue = tf.compat.v1.FIFOQueue(capacity=50, dtypes=[tf.float32, tf.int32], shapes=[[4], []])

    enqueue_op = queue.enqueue_many([data, target])
    data_sample, label_sample = queue.dequeue()

    # create ops that do something with data_sample and label_sample

    # create NUM_THREADS to do enqueue
    qr = tf.compat.v1.train.QueueRunner(queue, [enqueue_op] * NUM_THREADS)
    batches = []
    with tf.compat.v1.Session() as sess:
        # create a coordinator, launch the queue runner threads.
        coord = tf.compat.v1.train.Coordinator()
        enqueue_threads = qr.create_threads(sess, coord=coord, start=True)
        try:
            for step in range(N_STEPS):  # do to N_STEPS iterations
                if coord.should_stop():
                    break
                data_batch, label_batch = sess.run([data_sample, label_sample])
                batches.append([[np.round(data_batch.astype(np.float64), 2).tolist()],
                                [int(label_batch)]])
        except Exception as e:
            coord.request_stop(e)
        finally:
            coord.request_stop()
            coord.join(enqueue_threads)
    return {"batches": batches, "end": "steps: %d" % len(batches)}
