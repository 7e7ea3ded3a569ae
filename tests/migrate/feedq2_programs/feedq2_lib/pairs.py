"""Workers made in a loop with ``args=[...]`` lists, handed the placeholders as a list bound to a name, which the
worker unpacks into a list target; the enqueue op and the data slice come first and last."""
import threading

import numpy as np
import tensorflow as tf


def _worker(enqueue_op, sess, phs, chunk):
    [left, right] = phs
    for a in chunk:
        sess.run(enqueue_op, feed_dict={right: a * a, left: a})


def pair_batches(values, n_workers, batch):
    left = tf.compat.v1.placeholder(tf.int64, [])
    right = tf.compat.v1.placeholder(tf.int64, [])
    q = tf.compat.v1.FIFOQueue(5, [tf.int64, tf.int64], shapes=[[], []])
    enq = q.enqueue([left, right])
    xs, ys = q.dequeue_many(batch)
    sess = tf.compat.v1.Session()
    pair_phs = [left, right]
    workers = []
    for chunk in np.array_split(values, n_workers):
        w = threading.Thread(target=_worker, args=[enq, sess, pair_phs, chunk])
        w.daemon = True
        w.start()
        workers.append(w)
    out = []
    for _ in range(len(values) // batch):
        a, b = sess.run([xs, ys])
        out.append([a.tolist(), b.tolist()])
    for w in workers:
        w.join()
    sess.close()
    return out
