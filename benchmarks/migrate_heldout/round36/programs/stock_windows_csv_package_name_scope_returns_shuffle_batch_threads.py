"""Stock price windows: a stock36_lib package (config + reader) feeding a two-thread shuffle_batch of returns."""
import os

import numpy as np
import tensorflow as tf

from stock36_lib import config
from stock36_lib.reader import inputs, write_windows


def main(data_dir):
    out = os.path.join(data_dir, "h36_stock")
    os.makedirs(out, exist_ok=True)
    paths = write_windows(out)  # 12 windows
    tickers, returns, labels = inputs(paths)
    init = tf.group(tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer())
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(init)
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                t, r, l = sess.run([tickers, returns, labels])
                batches.append([[x.decode() for x in t], np.round(r.astype(np.float64), 3).tolist(), l.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            pass  # done: every window read once
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows: %d" % sum(len(b[2]) for b in batches)}
