import threading

import tensorflow.compat.v1 as tf


class OneActorQueue:
    """One actor; the plain `dequeue()` made in `__init__`, read one element at a time."""

    def __init__(self, path):
        self.path = path
        self.x = tf.placeholder(tf.int64, [])
        self.queue = tf.FIFOQueue(4, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.x])
        self.item = self.queue.dequeue()

    def feed_items(self, sess):
        with open(self.path) as f:
            for line in f:
                sess.run(self.enqueue_op, feed_dict={self.x: int(line)})
        sess.run(self.queue.close())

    def start(self, sess):
        t = threading.Thread(target=self.feed_items, args=(sess,))
        t.start()
        return [t]
