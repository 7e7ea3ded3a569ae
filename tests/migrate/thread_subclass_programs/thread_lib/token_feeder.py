"""A feeding thread of another module (``from threading import Thread as BaseThread``): run() drives a method
that feeds one padded row per token list; the queue is dequeued by a method through the attribute it was stored
in."""

from threading import Thread as BaseThread

import tensorflow.compat.v1 as tf


class TokenFeeder(BaseThread):
    def __init__(self, sentences, width_bins=(2, 4)):
        BaseThread.__init__(self, name="token-feeder")
        self.daemon = True
        self.sentences = sentences
        self.width_bins = width_bins
        self.ids_in = tf.placeholder(tf.int32, [None], name="ids")
        self.bin_in = tf.placeholder(tf.int32, [], name="bin")
        token_queue = tf.PaddingFIFOQueue(5, [tf.int32, tf.int32], shapes=[[None], []])
        self.push = token_queue.enqueue([self.ids_in, self.bin_in])
        self.stop_op = token_queue.close()
        self.token_queue = token_queue

    def attach(self, sess):
        self.sess = sess

    def batch(self, n):
        return self.token_queue.dequeue_many(n)

    def run(self):
        self.feed_all()
        self.sess.run(self.stop_op)

    def feed_all(self):
        for s in self.sentences:
            ids = [ord(c) - 96 for c in s]
            width = next((w for w in self.width_bins if len(ids) <= w), -1)
            self.sess.run(self.push, feed_dict={self.ids_in: ids, self.bin_in: width})
