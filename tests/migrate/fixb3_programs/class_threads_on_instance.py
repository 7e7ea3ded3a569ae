"""The feeding threads kept on the instance and joined by a closer method (package module, `from
tensorflow.compat import v1`); two batchers made by two callers."""
import os

import numpy as np
from tensorflow.compat import v1 as tf

from fixb3_lib.workers import ShardBatcher


def write_rows(path, n, seed):
    rng = np.random.RandomState(seed)
    rows = np.concatenate([rng.uniform(0, 9, size=(n, 2)).round(2), np.arange(n)[:, None]], axis=1)
    np.save(path, rows.astype(np.float32))
    return path


def drain(sess, batcher):
    out = []
    while True:
        try:
            row, tag = sess.run(batcher.next_batch)
        except tf.errors.OutOfRangeError:
            return out
        out.append([row.tolist(), tag.tolist()])


def main(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    a = list(np.load(write_rows(os.path.join(data_dir, "fixb3_rows_a.npy"), 12, 3)))
    b = list(np.load(write_rows(os.path.join(data_dir, "fixb3_rows_b.npy"), 8, 4)))
    first = ShardBatcher(a, 4)
    second = ShardBatcher(b, 2, n_workers=2)
    out = []
    with tf.Session() as sess:
        first.start(sess)
        out += drain(sess, first)
        second.start(sess)
        out += drain(sess, second)
    return {"batches": out, "end": "rows: %d" % sum(len(x[1]) for x in out)}
