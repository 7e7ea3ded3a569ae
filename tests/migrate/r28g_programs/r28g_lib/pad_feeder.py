"""A padding queue fed by a thread, dequeued by the class's own method, called from the program."""
import threading

import tensorflow.compat.v1 as tf


class PadFeeder(object):
    def __init__(self):
        self.tokens = tf.placeholder(tf.int32, [None])
        self.queue = tf.PaddingFIFOQueue(6, [tf.int32], shapes=[[None]])
        self.enqueue_op = self.queue.enqueue([self.tokens])

    def next_batch(self, n):
        return self.queue.dequeue_up_to(n)

    def _feed(self, sess, sentences):
        for s in sentences:
            sess.run(self.enqueue_op, {self.tokens: s})
        sess.run(self.queue.close())

    def start(self, sess, sentences):
        t = threading.Thread(target=self._feed, args=(sess, sentences))
        t.start()
        return [t]
