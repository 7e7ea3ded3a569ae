"""A class enqueues its placeholder, its row count (``tf.shape(self.rows)[0]``) and a cast of it
(``tf.cast(self.rows, tf.float32)``) into a FIFOQueue its feeding method fills; ``dequeue_up_to``."""
import threading

import tensorflow.compat.v1 as tf


class Rows(object):
    def __init__(self):
        self.rows = tf.placeholder(tf.int64, [2, 3])
        self.queue = tf.FIFOQueue(4, [tf.int64, tf.int32, tf.float32], shapes=[[2, 3], [], [2, 3]])
        self.enqueue = self.queue.enqueue([self.rows, tf.shape(self.rows)[0], tf.cast(self.rows, tf.float32)])
        self.close = self.queue.close()
        self.out = self.queue.dequeue_up_to(2)

    def fill(self, sess, n):
        for i in range(n):
            sess.run(self.enqueue, feed_dict={self.rows: [[i, i + 1, i + 2], [0, 1, i]]})
        sess.run(self.close)

    def start(self, sess, n):
        t = threading.Thread(target=self.fill, args=(sess, n))
        t.start()
        return [t]


def main(data_dir):
    r = Rows()
    batches = []
    with tf.Session() as sess:
        threads = r.start(sess, 5)
        try:
            while True:
                a, b, c = sess.run(r.out)
                batches.append([a.tolist(), b.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        for t in threads:
            t.join()
    return {"batches": batches, "end": "done"}
