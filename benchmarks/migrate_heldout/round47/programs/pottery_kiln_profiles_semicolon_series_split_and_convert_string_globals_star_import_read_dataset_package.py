import os
import random

import numpy as np
import tensorflow as tf

from kilnfn47_lib import input as kiln_input


def _write(folder):
    rng = random.Random(4710)
    with open(os.path.join(folder, "profiles-00.csv"), "w") as f:
        for i in range(8):
            prof = ";".join("%.1f" % (20 + s * rng.uniform(150, 260)) for s in range(5))
            f.write("k%d,%s,%s,%d\n" % (i % 3, rng.choice(["celadon", "tenmoku", "shino"]), prof,
                                        rng.choice([6, 8, 10])))


def main(data_dir):
    folder = os.path.join(data_dir, "h47_kiln_profiles")
    os.makedirs(folder, exist_ok=True)
    _write(folder)

    features, label = kiln_input.read_dataset(os.path.join(folder, "profiles-*.csv"))()
    peak = tf.reduce_max(features["profile"], axis=1)

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while not coord.should_stop():
                f, l, p = sess.run([features, label, peak])
                batches.append([[x.decode() for x in f["glaze"]], [x.decode() for x in f["kiln_id"]],
                                np.round(f["profile"], 1).tolist(), l.tolist(), np.round(p, 1).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "firings: %d" % sum(len(b[3]) for b in batches)}
