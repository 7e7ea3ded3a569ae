"""A feeder whose `start(sess, coord)` returns a list of its one thread, the coordinator handed to the loop."""
import threading

import tensorflow as tf


class RowFeeder(object):
    def __init__(self, words):
        self.words = words
        self.word = tf.compat.v1.placeholder(tf.string, [])
        self.length = tf.compat.v1.placeholder(tf.int32, [])
        self.queue = tf.queue.FIFOQueue(5, [tf.string, tf.int32], shapes=[[], []])
        self.op = self.queue.enqueue([self.word, self.length])

    def inputs(self, batch_size):
        return self.queue.dequeue_up_to(batch_size)

    def feed(self, sess, coord):
        for w in self.words:
            if coord.should_stop():
                break
            sess.run(self.op, feed_dict={self.word: w, self.length: len(w)})
        sess.run(self.queue.close())

    def start(self, sess, coord):
        t = threading.Thread(target=self.feed, args=(sess, coord))
        t.start()
        return [t]
