"""The queue made in __init__ (spelled `tf.compat.v1.` in full); the placeholders and close op made in `build()`,
called by the program; the feeding thread makes its enqueue op itself before its loop, and closes the queue."""
import threading

import numpy as np
import tensorflow as tf


class SelfMadeRunner(object):
    def __init__(self, capacity):
        self.queue = tf.compat.v1.FIFOQueue(capacity, [tf.float32, tf.int64], shapes=[[2], []])
        self.enqueue_op = None

    def build(self):
        self.x = tf.compat.v1.placeholder(tf.float32, shape=[None, 2])
        self.y = tf.compat.v1.placeholder(tf.int64, shape=[None])
        self.close_op = self.queue.close()

    def get_inputs(self, n):
        return self.queue.dequeue_many(n)

    def thread_main(self, sess, rows):
        self.enqueue_op = self.queue.enqueue_many([self.x, self.y])
        for start in range(0, len(rows), 3):
            chunk = rows[start:start + 3]
            sess.run(self.enqueue_op, feed_dict={self.x: np.array([[r, r * 0.5] for r in chunk], np.float32),
                                                 self.y: np.array(chunk, np.int64)})
        sess.run(self.close_op)

    def start_threads(self, sess, rows):
        t = threading.Thread(target=self.thread_main, args=(sess, rows))
        t.daemon = True
        t.start()
        return [t]


def main(data_dir):
    runner = SelfMadeRunner(6)
    runner.build()
    xs, ys = runner.get_inputs(4)
    sess = tf.compat.v1.Session()
    threads = runner.start_threads(sess, list(range(100, 116)))
    batches = []
    try:
        while True:
            a, b = sess.run([xs, ys])
            batches.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    for t in threads:
        t.join()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
