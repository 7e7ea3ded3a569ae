"""Weaving-loom sensor rows (warp tension, weft speed, ... -> thread-break flag): a LoomFeeder class
holding placeholders, a FIFOQueue and one feeding thread (enqueue_many of CSV chunks, close at the end),
dequeue_many in the training loop."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from wea78.feeder import LoomFeeder

BATCH_SIZE = 3


def write_log(path):
    rng = np.random.RandomState(3178)
    with open(path, 'w') as f:
        for i in range(12):
            vals = np.round(rng.uniform(0, 10, size=5), 2)
            f.write(','.join('%.2f' % v for v in vals) + ',%d\n' % int(vals[0] > 5))


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h78_loom')
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    path = os.path.join(out_dir, 'loom_log.csv')
    write_log(path)

    feeder = LoomFeeder(path, BATCH_SIZE)
    x_batch, y_batch = feeder.get_inputs(BATCH_SIZE)
    tension = tf.reduce_mean(x_batch, axis=1)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    feeder.start_threads(sess, coord)
    batches = []
    try:
        while True:
            xb, t, yb = sess.run([x_batch, tension, y_batch])
            batches.append([np.round(xb.astype(np.float64), 2).tolist(),
                            np.round(t.astype(np.float64), 3).tolist(), yb.tolist()])
    except tf.errors.OutOfRangeError:
        print('loom log exhausted')
    coord.request_stop()
    for t in feeder.threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "picks: %d" % sum(len(b[2]) for b in batches)}
