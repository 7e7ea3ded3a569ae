import os
import pickle
import random

import numpy as np
import tensorflow as tf

from kiln47_lib import DataReader


def _write_firings(folder):
    rng = random.Random(4709)
    for k in range(3):
        curves, cones = [], []
        for _ in range(4):
            peak = rng.randint(1000, 1280)
            curves.append([20 + (peak - 20) * s / 5.0 + rng.randint(-8, 8) for s in range(6)])
            cones.append(float(rng.choice([6, 8, 10])))
        with open(os.path.join(folder, "firing_%02d.pkl" % k), "wb") as f:
            pickle.dump({"curve": curves, "cone": cones}, f)


def main(data_dir):
    folder = os.path.join(data_dir, "h47_kiln_firings", "Data_set", "Develop")
    os.makedirs(folder, exist_ok=True)
    _write_firings(folder)

    coord = tf.compat.v1.train.Coordinator()
    reader = DataReader(folder + '/',
                        x_len=6, y_len=1,
                        batch_size=3,
                        coord=coord)
    x_batch, y_batch = reader.dequeue()
    ramp = tf.reduce_max(x_batch[:, 1:] - x_batch[:, :-1], axis=1)

    config = tf.compat.v1.ConfigProto()
    config.gpu_options.allow_growth = True
    sess = tf.compat.v1.Session(config=config)

    init = tf.compat.v1.global_variables_initializer()
    sess.run(init)

    threads = reader.start_threads(sess)
    batches = []
    try:
        for step in range(100):
            x, y, r = sess.run([x_batch, y_batch, ramp])
            batches.append([np.round(x.astype(np.float64), 2).tolist(), y.astype(np.float64).tolist(),
                            np.round(r.astype(np.float64), 2).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "firings: %d" % (3 * len(batches))}
