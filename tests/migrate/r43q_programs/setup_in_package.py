"""Sensor rows fed by a package's RowFeeder, whose queue and ops `_setup` makes (called once here)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r43q_lib.feeder import RowFeeder


def main(data_dir):
    folder = os.path.join(data_dir, 'r43q_setup_in_package')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    rng = np.random.RandomState(43)
    with open(path, 'w') as f:
        for i in range(16):
            f.write('%.2f,%.2f,%.2f,%d\n' % (i, rng.uniform(0, 5), rng.uniform(-1, 1), i % 3))
    feeder = RowFeeder(capacity=10, min_after_dequeue=2)
    feeder._setup()
    features, labels = feeder.batch(4)
    sess = tf.Session()
    threads = feeder.start_threads(sess, path)
    batches = []
    try:
        while True:
            x, y = sess.run([features, labels])
            batches.append([x.round(4).tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
