"""In-memory arrays wrapped in `tf.train.limit_epochs` and shuffled with `enqueue_many=True` (the Bayesian-regression
/ k-means `input_fn` shape), read in a MonitoredTrainingSession until it stops."""
import os

import numpy as np
import tensorflow as tf

RSEED = 17


def load_arrays(path):
    data = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float32)
    return data[:, :2], data[:, 2].astype(np.int64)


def batch_training(X, Y, batch_size, n_epochs):
    """Batch training queue."""
    X = tf.compat.v1.train.limit_epochs(X, n_epochs, name="X_lim")
    Y = tf.compat.v1.train.limit_epochs(Y, n_epochs, name="Y_lim")
    X_batch, Y_batch = tf.compat.v1.train.shuffle_batch([X, Y], batch_size, 100, 1, enqueue_many=True,
                                                        seed=RSEED, allow_smaller_final_batch=True)
    return X_batch, Y_batch


def main(data_dir):
    features, labels = load_arrays(os.path.join(data_dir, "table-0.csv"))
    X_batch, Y_batch = batch_training(tf.constant(features[:22]), tf.constant(labels[:22]), batch_size=8,
                                      n_epochs=2)
    batches = []
    with tf.compat.v1.train.MonitoredTrainingSession() as sess:
        while not sess.should_stop():
            x, y = sess.run([X_batch, Y_batch])
            batches.append([x.tolist(), y.tolist()])
    return {"batches": batches, "end": "should_stop"}
