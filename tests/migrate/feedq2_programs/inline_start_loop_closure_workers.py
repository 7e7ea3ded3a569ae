"""A nested feeding function handed the placeholders as a tuple, its threads started inline in a plain ``for``
(``Thread(...).start()``), each on its own range; a coordinator only checked and stopped."""
import threading

import numpy as np
import tensorflow as tf


def main(data_dir):
    path = data_dir + "/feedq2_ranges.npy"
    np.save(path, np.arange(16, dtype=np.int32) * 3)
    values = np.load(path)
    a_ph = tf.compat.v1.placeholder(tf.int32, [])
    b_ph = tf.compat.v1.placeholder(tf.int32, [])
    q = tf.compat.v1.FIFOQueue(4, [tf.int32, tf.int32], shapes=[[], []])
    enq = q.enqueue([a_ph, b_ph])
    a, b = q.dequeue_many(4)
    sess = tf.compat.v1.Session()
    coord = tf.compat.v1.train.Coordinator()

    def loop(coord, sess, op, phs, lo, hi):
        x, y = phs
        for k in range(lo, hi):
            if coord.should_stop():
                break
            sess.run(op, feed_dict={x: values[k], y: -k})

    for i in range(4):
        threading.Thread(target=loop, args=(coord, sess, enq, (a_ph, b_ph), i * 4, i * 4 + 4)).start()
    batches = []
    for _ in range(4):
        x, y = sess.run([a, b])
        batches.append([x.tolist(), y.tolist()])
    coord.request_stop()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
