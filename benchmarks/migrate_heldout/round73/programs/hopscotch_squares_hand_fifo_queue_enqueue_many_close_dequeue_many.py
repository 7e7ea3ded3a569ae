"""Hopscotch squares: a queue tutorial's hand-built FIFOQueue, filled once by enqueue_many, closed, drained."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_hopscotch')
    os.makedirs(folder, exist_ok=True)
    np.save(os.path.join(folder, 'hops.npy'), np.arange(20, dtype=np.int32).reshape(10, 2))
    hops = np.load(os.path.join(folder, 'hops.npy'))

    q = tf.FIFOQueue(capacity=20, dtypes=[tf.int32, tf.int32], shapes=[[], []])
    init = q.enqueue_many((hops[:, 0], hops[:, 1]))
    close = q.close()
    square, hop_count = q.dequeue_many(2)
    total = square + hop_count

    batches = []
    with tf.Session() as sess:
        sess.run(init)
        sess.run(close)
        while True:
            try:
                s, h, t = sess.run([square, hop_count, total])
            except tf.errors.OutOfRangeError:
                print('queue empty')
                break
            batches.append([s.tolist(), h.tolist(), t.tolist()])
    return {"batches": batches, "end": "hops: %d" % (2 * len(batches))}
