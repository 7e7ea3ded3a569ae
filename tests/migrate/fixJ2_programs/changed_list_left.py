"""The queue's dtypes list is changed after it is bound (`kinds[1] = ...`): not a literal list the rewrite can
read; left with a note."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Changed:
    def __init__(self, wide):
        kinds = [tf.float32, tf.float32]
        if wide:
            kinds[1] = tf.float64
        self.p = tf.placeholder(kinds[0], [None])
        self.r = tf.placeholder(kinds[1], [None])
        self.queue = tf.FIFOQueue(10, dtypes=kinds, shapes=[[], []])
        self.op = self.queue.enqueue_many([self.p, self.r])

    def run(self, sess):
        sess.run(self.op, feed_dict={self.p: np.arange(4, dtype=np.float32), self.r: np.ones(4)})
        sess.run(self.queue.close())

    def start(self, sess):
        t = threading.Thread(target=self.run, args=(sess,))
        t.start()
        return t

    def get(self, n):
        return self.queue.dequeue_many(n)


def main(data_dir):
    c = Changed(True)
    p, r = c.get(2)
    with tf.Session() as sess:
        t = c.start(sess)
        got = [sess.run(p).tolist() for _ in range(2)]
        t.join()
    return {"batches": got}
