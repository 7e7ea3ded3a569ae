"""NYC-style taxi trips: taxi36_lib (schema, input_fn) batching a features dict from two monthly CSVs."""
import os

import numpy as np
import tensorflow as tf

from taxi36_lib import schema
from taxi36_lib.input_fn import input_fn


def write_month(path, month, n, rs):
    with open(path, "w") as f:
        f.write(",".join(schema.CSV_COLUMNS) + "\n")
        for i in range(n):
            dist = round(rs.rand() * 12, 2)
            pax = "" if i == 1 else str(rs.randint(1, 5))
            f.write("%d,%d,%s,%.2f,%s,%.2f\n" % (month * 100 + i, rs.randint(0, 24), pax, dist,
                                                 schema.PAYMENTS[rs.randint(0, 3)], 2.5 + 1.6 * dist))


def main(data_dir):
    out = os.path.join(data_dir, "h36_taxi")
    os.makedirs(out, exist_ok=True)
    rs = np.random.RandomState(5)
    files = []
    for month, n in ((1, 5), (2, 4)):
        path = os.path.join(out, "trips_2016_%02d.csv" % month)
        write_month(path, month, n, rs)
        files.append(path)
    features, label = input_fn(files, batch_size=4)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, label])
                row = [np.round(np.asarray(f[k]).astype(np.float64), 2).tolist() for k in sorted(f)]
                batches.append(row + [np.round(l.astype(np.float64), 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "trips: %d" % sum(len(b[-1]) for b in batches)}
