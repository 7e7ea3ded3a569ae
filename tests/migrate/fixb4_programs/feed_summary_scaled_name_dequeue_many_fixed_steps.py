"""A feed thread filling a FIFOQueue through placeholders, with a fill-level summary tagged by the queue's
name (KittiSeg's), read by dequeue_many for a fixed number of steps."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def write_rows(root):
    rng = np.random.RandomState(3)
    np.save(os.path.join(root, 'rows.npy'), rng.rand(12, 3).astype(np.float32))


def main(data_dir):
    root = os.path.join(data_dir, 'fixb4_scaled')
    os.makedirs(root, exist_ok=True)
    write_rows(root)
    rows = np.load(os.path.join(root, 'rows.npy'))
    capacity = 20
    x_pl = tf.placeholder(tf.float32)
    y_pl = tf.placeholder(tf.int32)
    q = tf.FIFOQueue(capacity=capacity, dtypes=[tf.float32, tf.int32], shapes=[[3], []])
    tf.summary.scalar("queue/%s/fraction_of_%d_full" % (q.name + "_train", capacity),
                      tf.cast(q.size(), tf.float32) * (1. / capacity))
    enqueue_op = q.enqueue([x_pl, y_pl])
    close_op = q.close()
    x, y = q.dequeue_many(3)
    total = tf.reduce_sum(x, axis=1)

    def enqueue_loop(sess):
        for i, row in enumerate(rows):
            sess.run(enqueue_op, feed_dict={x_pl: row, y_pl: i})
        sess.run(close_op)

    sess = tf.Session()
    t = threading.Thread(target=enqueue_loop, args=(sess,))
    t.daemon = True
    t.start()
    out = []
    for step in range(4):
        a, b, s = sess.run([x, y, total])
        out.append([np.round(a, 5).tolist(), b.tolist(), np.round(s, 5).tolist()])
    t.join()
    sess.close()
    return {"batches": out, "end": "steps: 4"}
