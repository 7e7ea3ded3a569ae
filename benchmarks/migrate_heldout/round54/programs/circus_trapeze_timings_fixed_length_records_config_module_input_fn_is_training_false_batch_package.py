#!/usr/bin/env python
# -*- coding: utf-8 -*-
import os

import numpy as np
import tensorflow as tf

from circtrap54_lib import config
from circtrap54_lib import trapeze


def _write_bins(out):
    rng = np.random.RandomState(541)
    for name, n in [("data_batch_1.bin", 6), ("data_batch_2.bin", 6), ("test_batch.bin", 10)]:
        rows = []
        for i in range(n):
            rows.append(bytes([i % 4]) + rng.randint(10, 200, size=4).astype(np.uint8).tobytes())
        with open(os.path.join(out, name), "wb") as f:
            f.write(b"".join(rows))


def main(data_dir):
    out = os.path.join(data_dir, "h54_trapeze_timings")
    if not os.path.exists(out):
        os.makedirs(out)
    _write_bins(out)
    config.DATA_DIR = out

    timings, labels = trapeze.input_fn(is_training=False)
    total = tf.reduce_sum(timings, axis=1)

    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess, coord)
    try:
        while not coord.should_stop():
            t, l, s = sess.run([timings, labels, total])
            batches.append([np.round(t.astype(np.float64), 5).tolist(), l.tolist(),
                            np.round(s.astype(np.float64), 5).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "trapeze passes: %d" % sum(len(b[1]) for b in batches)}
