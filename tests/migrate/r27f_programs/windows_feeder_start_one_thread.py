"""Round 27's sensor feeder: the feeding class in another module, `start(sess, generator, coord)` called from
`main` (its one thread kept and joined through the coordinator), `dequeue_up_to(3)`."""
import os

import numpy as np
import tensorflow as tf

from r27f_lib import windows
from r27f_lib.window_feeder import WindowFeeder

tf1 = tf.compat.v1
WINDOW, HORIZON, BATCH = 3, 2, 3


def write_series(root):
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "sensor.csv")
    with open(path, "w") as f:
        f.write("t,temp,humidity\n")
        for t in range(13):
            f.write("%d,%.1f,%.1f\n" % (t, 18 + 0.25 * t, 50 - 2 * t))
    return path


def main(data_dir):
    series = windows.load_series(write_series(os.path.join(data_dir, "r27f_windows")))
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
    return {"batches": batches, "end": "OutOfRangeError"}
