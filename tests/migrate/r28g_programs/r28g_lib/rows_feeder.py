"""A feeder thread pushing (row, label) pairs into a FIFOQueue through placeholders; the queue is dequeued by
the program, through the instance."""
import threading

import tensorflow.compat.v1 as tf


class RowsFeeder(object):
    def __init__(self, width, capacity=8):
        self.row = tf.placeholder(tf.float32, [width], name="row")
        self.label = tf.placeholder(tf.int32, [], name="label")
        self.queue = tf.FIFOQueue(capacity, [tf.float32, tf.int32], shapes=[[width], []], name="rows")
        self.enqueue_op = self.queue.enqueue([self.row, self.label])
        self.close_op = self.queue.close()

    def _feed(self, sess, rows):
        for i, r in enumerate(rows):
            sess.run(self.enqueue_op, feed_dict={self.row: r, self.label: i % 3})
        sess.run(self.close_op)

    def start(self, sess, rows):
        thread = threading.Thread(target=self._feed, args=(sess, rows))
        thread.daemon = True
        thread.start()
        return thread
