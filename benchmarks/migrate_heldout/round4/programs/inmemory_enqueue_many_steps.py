"""Small-data tutorial shape: the whole CSV loaded with numpy, handed to `tf.train.batch(..., enqueue_many=True)`
as constant tensors, and a training loop of a fixed number of steps (the queue never ends)."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

TRAINING_STEPS = 7
BATCH_SIZE = 9


def load_table(path):
    table = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float32)
    return table[:, :2], table[:, 2].astype(np.int32)


def main(data_dir):
    features, labels = load_table(os.path.join(data_dir, "table-2.csv"))
    x_all = tf.constant(features)
    y_all = tf.constant(labels)
    x_batch, y_batch = tf.train.batch([x_all, y_all], batch_size=BATCH_SIZE, enqueue_many=True,
                                      capacity=3 * BATCH_SIZE, num_threads=1)
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for step in range(TRAINING_STEPS):
        xb, yb = sess.run([x_batch, y_batch])
        batches.append([xb.tolist(), yb.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps"}
