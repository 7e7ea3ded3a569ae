"""Time-series forecasting input: windows cut in numpy, fed by a WindowFeeder thread, dequeue_up_to batches."""
import os

import numpy as np
import tensorflow as tf

from ts27_lib import windows
from ts27_lib.feeder import WindowFeeder

tf1 = tf.compat.v1
WINDOW, HORIZON, BATCH = 4, 2, 3


def write_series(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "sensor.csv")
    with open(path, "w") as f:
        f.write("t,temp,humidity\n")
        for t in range(16):
            f.write("%d,%.1f,%.1f\n" % (t, 20 + 0.5 * t, 40 - t))
    return path


def main(data_dir):
    series = windows.load_series(write_series(os.path.join(data_dir, "h27_sensor_windows_feeder_thread_dequeue_up_to")))
    feeder = WindowFeeder(WINDOW, series.shape[1] - 1, HORIZON)
    start, x, y = feeder.dequeue(BATCH)
    x_mean = tf.reduce_mean(x, axis=1)
    batches = []
    with tf1.Session() as sess:
        coord = tf1.train.Coordinator()
        thread = feeder.start(sess, windows.sliding_windows(series, WINDOW, HORIZON), coord)
        while True:
            try:
                s, xm, yy = sess.run([start, x_mean, y])
            except tf.errors.OutOfRangeError:
                break
            batches.append([s.tolist(), np.round(xm, 3).tolist(), np.round(yy, 3).tolist()])
        coord.request_stop()
        coord.join([thread])
    return {"batches": batches, "end": "queue closed after %d windows" % sum(len(b[0]) for b in batches)}
