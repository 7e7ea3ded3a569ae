"""Monorail track depth scans: a research `DataQueue(get_data, capacity, scope, dtype)` class (placeholders
in a variable scope, `enqueue_many` from one feeding thread, `dequeue_many`)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from monorail73.data_queue import DataQueue


def make_get_data(path):
    def get_data():
        scans = np.load(path)
        for i in range(0, len(scans), 3):
            chunk = scans[i:i + 3]
            yield chunk[:, :2], chunk[:, 2], (chunk[:, 3]).astype(np.int32)
    return get_data


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_monorail')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'scans.npy')
    rng = np.random.RandomState(731)
    scans = np.concatenate([rng.rand(9, 3).round(2), (np.arange(9) % 3).reshape(9, 1)], axis=1)
    np.save(path, scans.astype(np.float32))

    dq = DataQueue(make_get_data(path), scope='monorail')
    points, depth, kind = dq.dequeue_many(3)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        t = dq.start(sess, coord)
        for step in range(3):
            p, d, k = sess.run([points, depth, kind])
            batches.append([np.round(p.astype(np.float64), 2).tolist(), np.round(d.astype(np.float64), 2).tolist(),
                            k.tolist()])
        coord.request_stop()
        t.join()
    return {"batches": batches, "end": "scans: %d" % (3 * len(batches))}
