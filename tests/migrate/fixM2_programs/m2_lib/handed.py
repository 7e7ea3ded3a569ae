"""A feeding class whose ``__init__`` hands its local enqueue op to a module-level function's thread."""
from threading import Thread

import tensorflow.compat.v1 as tf


def _feed_main(sess, rows, enqueue_op, close_op, ph):
    for row in rows:
        sess.run(enqueue_op, feed_dict={ph: row})
    sess.run(close_op)


class HandedFeeder(object):
    def __init__(self, sess, rows, batch_size):
        self.ph = tf.placeholder(tf.float32, [2])
        self.queue = tf.FIFOQueue(8, [tf.float32], shapes=[[2]])
        enqueue_op = self.queue.enqueue([self.ph])
        close_op = self.queue.close()
        self.batch = self.queue.dequeue_many(batch_size)
        self.thread = Thread(target=_feed_main, daemon=True, args=(sess, rows, enqueue_op, close_op, self.ph))

    def start(self):
        self.thread.start()
