# Parcels waiting for another delivery attempt go round a FIFOQueue: one round of the depot's retry run dequeues
# a parcel, adds one to its attempt count and puts it back at the end; afterwards the queue is drained with a
# dequeue made inside the loop.
import os

import numpy as np
import tensorflow.compat.v1 as tf

RETRY_RUNS = 3


def main(data_dir):
    root = os.path.join(data_dir, 'h40_parcel_attempts')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'failed_deliveries.csv')
    rng = np.random.RandomState(40)
    with open(path, 'w') as f:
        for i in range(5):
            f.write('PX%05d,%d\n' % (rng.randint(0, 99999), rng.randint(0, 3)))
    parcels, attempts = [], []
    for line in open(path):
        parcel, tries = line.strip().split(',')
        parcels.append(parcel)
        attempts.append(float(tries))

    q = tf.FIFOQueue(len(parcels), [tf.string, tf.float32])
    init = q.enqueue_many((parcels, attempts))

    x_id, x = q.dequeue()
    y = x + 1
    q_inc = q.enqueue([x_id, y])

    batches = []
    with tf.Session() as sess:
        sess.run(init)
        for i in range(RETRY_RUNS):
            sess.run(q_inc)

        for j in range(sess.run(q.size())):
            parcel, tries = sess.run(q.dequeue())
            batches.append([[parcel.decode()], [float(tries)]])
        left = sess.run(q.size())
    return {"batches": batches, "end": "drained: %d, left in queue: %d" % (len(batches), left)}
