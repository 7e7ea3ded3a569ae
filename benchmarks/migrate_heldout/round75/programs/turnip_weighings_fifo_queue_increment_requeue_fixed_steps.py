"""Turnip weighings pushed through the queues tutorial's first cell: a `FIFOQueue` filled by `enqueue_many`, an op
that dequeues, adds the day's growth and enqueues the result again, run for a fixed number of steps."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    out = os.path.join(data_dir, 'h75_turnip')
    os.makedirs(out, exist_ok=True)
    weights = np.round(np.random.RandomState(8).uniform(100, 300, 3), 1)
    np.savetxt(os.path.join(out, 'weights.txt'), weights, fmt='%.1f')
    start = np.loadtxt(os.path.join(out, 'weights.txt')).astype(np.float32)

    # create a first in first out queue with capacity up to 3 and data type set as float32
    q = tf.FIFOQueue(3, "float")
    # init queue, push 3 elements into queue.
    init = q.enqueue_many((start.tolist(),))
    # pop out the first element
    x = q.dequeue()
    # add the growth
    y = x + 1.5
    # push back into queue
    q_inc = q.enqueue([y])

    batches = []
    with tf.Session() as sess:
        init.run()
        for i in range(6):
            v, _ = sess.run([x, q_inc])
            batches.append([float(np.round(v, 2))])
        size = sess.run(q.size())
    return {"batches": batches, "end": "weighings: %d, left: %d" % (len(batches), size)}
