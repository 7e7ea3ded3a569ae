"""Shop baskets (variable-length item lists) fed by basket39_lib's DataQueue: placeholders under a
variable_scope, a PaddingFIFOQueue, two Python threads calling get_data(), dequeue_many."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from basket39_lib.baskets import make_get_data, write_baskets
from basket39_lib.data_queue import DataQueue


def main(data_dir):
    folder = os.path.join(data_dir, 'h39_shop_baskets')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'baskets.jsonl')
    write_baskets(path)

    dq = DataQueue(make_get_data(path), capacity=16, scope='baskets')
    basket_id, items, prices, total, n_items = dq.dequeue_many(4)

    out = []
    with tf.Session() as sess:
        dq.start_threads(sess, n_threads=2)
        while True:
            try:
                b, it, p, t, n = sess.run([basket_id, items, prices, total, n_items])
            except tf.errors.OutOfRangeError:
                break
            out.append([b.tolist(),
                        [it[i, :n[i]].tolist() for i in range(len(n))],
                        [np.round(p[i, :n[i]], 2).tolist() for i in range(len(n))],
                        np.round(t, 2).tolist(),
                        n.tolist()])
        dq.join()
    return {"batches": out, "end": "baskets: %d" % sum(len(b[0]) for b in out)}
