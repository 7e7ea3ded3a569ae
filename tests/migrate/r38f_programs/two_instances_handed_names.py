"""Two instances of one feeding class, each handed its own placeholders as a list of names (``[ids, vals]``),
each fed by a thread the program makes on its ``feed`` with rows in its args (``from tensorflow.compat import
v1 as tf``); the feeder takes no coordinator and closes the queue after its loop; the values' width is a config
class's attribute (through an instance, then the class)."""
import os
import threading

import numpy as np
from tensorflow.compat import v1 as tf


class Config(object):
    width = 2


class RowQueue:
    def __init__(self, placeholders):
        self.placeholders = placeholders
        dtypes = [ph.dtype for ph in placeholders]
        self.queue = tf.FIFOQueue(10, dtypes, shapes=[ph.shape[1:] for ph in placeholders])
        self.enqueue_op = self.queue.enqueue_many(placeholders)
        self.close_op = self.queue.close()

    def batch(self, n):
        return self.queue.dequeue_many(n)

    def feed(self, sess, rows, chunk):
        for start in range(0, len(rows), chunk):
            part = rows[start:start + chunk]
            values = ([r[0] for r in part], np.array([r[1] for r in part]))
            sess.run(self.enqueue_op, feed_dict=dict(zip(self.placeholders, values)))
        sess.run(self.close_op)


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r38f_two'), exist_ok=True)
    config = Config()
    ids = tf.placeholder(tf.int64, [None])
    vals = tf.placeholder(tf.float32, [None, config.width])
    first = RowQueue([ids, vals])
    ids2 = tf.placeholder(tf.int64, [None])
    vals2 = tf.placeholder(tf.float32, [None, Config.width])
    second = RowQueue([ids2, vals2])
    a_ids, a_vals = first.batch(3)
    b_ids, b_vals = second.batch(2)
    rows_a = [(i, [i * 0.5, -i]) for i in range(9)]
    rows_b = [(100 + i, [i, i * i]) for i in range(8)]
    batches = []
    with tf.Session() as sess:
        ta = threading.Thread(target=first.feed, args=(sess, rows_a, 4))
        tb = threading.Thread(target=second.feed, args=(sess, rows_b, 3))
        ta.daemon = True
        ta.start()
        tb.start()
        try:
            while True:
                x, y = sess.run([a_ids, a_vals])
                u, v = sess.run([b_ids, b_vals])
                batches.append([x.tolist(), y.tolist(), u.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        ta.join()
        tb.join()
    return {"batches": batches, "end": end}
