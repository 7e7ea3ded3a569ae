"""Clarinet reed ratings through a tiny FIFOQueue, in the shape of leslieai/tf-highlight `queue_test.py`:
`FIFOQueue(3, "float32")`, an `enqueue_many` init op, three `xx.eval()` calls under `tf.Session().as_default()`,
then three single `q.enqueue([...]).run()` calls and three more `xx.eval()`.
Writer changes: the values come from a seeded text file instead of literals."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_reeds(path):
    rng = np.random.RandomState(7701)
    with open(path, "w") as f:
        for v in rng.uniform(1.0, 5.0, size=6):
            f.write("%.2f\n" % v)


def main(data_dir):
    folder = os.path.join(data_dir, "h77_clarinet")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "reeds.txt")
    write_reeds(path)
    ratings = [float(line) for line in open(path)]

    q = tf.FIFOQueue(3, "float32")
    init = q.enqueue_many([ratings[:3]])
    xx = q.dequeue()
    batches = []
    with tf.Session().as_default():
        init.run()
        batches.append([float(np.round(xx.eval(), 2))])
        batches.append([float(np.round(xx.eval(), 2))])
        batches.append([float(np.round(xx.eval(), 2))])
        q.enqueue([ratings[3]]).run()
        q.enqueue([ratings[4]]).run()
        q.enqueue([ratings[5]]).run()
        batches.append([float(np.round(xx.eval(), 2))])
        batches.append([float(np.round(xx.eval(), 2))])
        batches.append([float(np.round(xx.eval(), 2))])
    return {"batches": batches, "end": "reeds: %d" % len(batches)}
