"""A module-level feeding function handed its ops and placeholders by the thread: it enters the session it is
handed as the default one and runs the ops themselves (`enqueue_op.run(feed_dict=...)`, `close_op.run()`)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def feed(sess, enqueue_op, close_op, x, y, rows):
    with sess.as_default():
        for a, b in rows:
            enqueue_op.run(feed_dict={x: a, y: b})
        close_op.run()


def main(data_dir):
    rows = [(i, np.full([2], i * 0.5, np.float32)) for i in range(8)]
    x = tf.placeholder(tf.int32, [])
    y = tf.placeholder(tf.float32, [2])
    queue = tf.FIFOQueue(4, [tf.int32, tf.float32], shapes=[[], [2]])
    enqueue_op = queue.enqueue([x, y])
    close_op = queue.close()
    a, b = queue.dequeue_many(2)
    out = []
    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess, enqueue_op, close_op, x, y, rows))
        t.start()
        try:
            while True:
                p, q = sess.run([a, b])
                out.append([p.tolist(), q.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": out, "end": "rows: %d" % (2 * len(out))}
