"""Human-activity windows: a numpy matrix of accelerometer windows fed row by row by input_producer(shuffle=True)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

WINDOW = 4
AXES = 3


def load_windows(path):
    raw = np.loadtxt(path, delimiter=",", dtype=np.float32)
    labels = raw[:, 0].astype(np.int32)
    windows = raw[:, 1:].reshape(-1, WINDOW, AXES)
    return windows, labels


def main(data_dir):
    root = os.path.join(data_dir, "h34_har")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(5)
    rows = []
    for i in range(10):
        rows.append([i % 6] + list(np.round(rng.randn(WINDOW * AXES), 2)))
        rows[-1][1] = float(i)
    np.savetxt(os.path.join(root, "train.csv"), np.array(rows), delimiter=",", fmt="%.2f")

    windows, labels = load_windows(os.path.join(root, "train.csv"))
    packed = np.concatenate([windows.reshape(len(labels), -1), labels[:, None].astype(np.float32)], axis=1)
    input_tensor = tf.placeholder_with_default(packed, shape=[None, WINDOW * AXES + 1])
    row = tf.train.input_producer(input_tensor, element_shape=[WINDOW * AXES + 1], num_epochs=1, shuffle=True,
                                  seed=34, capacity=16).dequeue()
    window = tf.reshape(row[:-1], [WINDOW, AXES])
    activity = tf.cast(row[-1], tf.int32)
    magnitude = tf.sqrt(tf.reduce_sum(tf.square(window), axis=1))
    window_batch, magnitude_batch, activity_batch = tf.train.batch([window, magnitude, activity], batch_size=5)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, m, a = sess.run([window_batch, magnitude_batch, activity_batch])
                batches.append([np.round(w, 2).tolist(), np.round(m, 3).tolist(), a.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "activity windows done"}
