# Parcels waiting for another delivery attempt go round a FIFOQueue: each step dequeues a parcel, adds one to its
# attempt count and puts it back; reading y dequeues once more (so the queue shrinks by one each iteration).
import os

import numpy as np
import tensorflow.compat.v1 as tf


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

    q = tf.FIFOQueue(len(parcels), [tf.string, 'float'])
    init = q.enqueue_many((parcels, attempts))
    x_id, x = q.dequeue()
    y = x + 1
    q_inc = q.enqueue([x_id, y])

    batches = []
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    sess.run(init)
    for i in range(len(parcels)):
        sess.run(q_inc)
        parcel, tries = sess.run([x_id, y])
        batches.append([[parcel.decode()], [float(tries)]])
    left = sess.run(q.size())
    sess.close()
    return {"batches": batches, "end": "left in queue: %d" % left}
