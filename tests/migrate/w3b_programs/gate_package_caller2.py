"""A caller of the package helper (multiset: two threads run the one enqueue)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from w3b_lib.gates import gate_rows


def main(data_dir):
    folder = os.path.join(data_dir, "w3b_gate_package_caller2")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "gate.csv")
    with open(path, "w") as f:
        for i in range(24):  # a multiple of the batch: with two threads racing, which rows a remainder leaves out is not fixed
            f.write("%.2f,%.2f,%d\n" % (i * 0.5, i * 2.0, i))
    rows = gate_rows(path, 4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(rows).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (4 * len(batches))}
