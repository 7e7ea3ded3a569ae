"""The feeding thread made in ``__init__`` and made again by ``restart()``: which thread the attribute holds is
not followed; left."""
import threading

import tensorflow.compat.v1 as tf


class Again(object):
    def __init__(self, sess):
        self.sess = sess
        self.ph = tf.placeholder(tf.int32, [])
        self.queue = tf.FIFOQueue(3, [tf.int32], shapes=[[]])
        self.op = self.queue.enqueue([self.ph])
        self.item = self.queue.dequeue()
        self.thread = threading.Thread(target=self.feed, args=(sess, 3))

    def feed(self, sess, n):
        for i in range(n):
            sess.run(self.op, feed_dict={self.ph: i})

    def restart(self):
        self.thread = threading.Thread(target=self.feed, args=(self.sess, 3))

    def start(self):
        self.thread.start()


def main(data_dir):
    with tf.Session() as sess:
        a = Again(sess)
        a.start()
        got = [int(sess.run(a.item)) for _ in range(3)]
        a.thread.join()
    return {"batches": [got], "end": "done"}
