"""A queue handed to a ``threading.Thread`` subclass of another module that makes the enqueue and close ops and
feeds them from a sample function, and to a watching thread running ``queue.size()`` whose values nothing reads
(``import tensorflow as tf``, the v1 API spelled out)."""
import os

import numpy as np
import tensorflow as tf

from fixT_lib import concurrency

WIDTH = 4


def sampler(path):
    def gen():
        rows = np.loadtxt(path, delimiter=',').astype(np.float32)
        for row in rows:
            yield row, np.int32(row[0] > 2.0)
    it = gen()
    return lambda: next(it)


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    folder = os.path.join(data_dir, 'fixT_class')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    np.savetxt(path, np.arange(40, dtype=np.float32).reshape(10, WIDTH) / 4.0, delimiter=',', fmt='%.2f')
    window = tf.compat.v1.placeholder(tf.float32, [WIDTH])
    flag = tf.compat.v1.placeholder(tf.int32, [])
    queue = tf.compat.v1.FIFOQueue(6, [tf.float32, tf.int32], shapes=[[WIDTH], []])
    x, y = queue.dequeue_many(2)
    spread = tf.reduce_max(x, axis=1) - tf.reduce_min(x, axis=1)
    sess = tf.compat.v1.Session()
    feeder = concurrency.EnqueueThread(sess, queue, sampler(path), [window, flag])
    monitor = concurrency.OpThread(sess, queue, queue.size())
    feeder.start()
    monitor.start()
    batches = []
    while True:
        try:
            xs, ys, s = sess.run([x, y, spread])
        except tf.errors.OutOfRangeError:
            break
        batches.append([xs.tolist(), ys.tolist(), np.round(s, 3).tolist()])
    monitor.stop()
    feeder.join()
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
