# A feeder class whose queue kind a flag of its constructor chooses (the FIFO arm first), with a size op and
# a close op kept on the object; the close is run by the feeding method once its rows are fed.
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class RowFeeder:
    def __init__(self, rows, batch, shuffled=False):
        self.rows = rows
        self.batch = batch
        self.row_ph = tf.placeholder(tf.float32, shape=[3])
        cap = 16
        if not shuffled:
            self.q = tf.FIFOQueue(capacity=cap, dtypes=[tf.float32], shapes=[[3]])
        else:
            self.q = tf.RandomShuffleQueue(cap, 2, dtypes=[tf.float32], shapes=[[3]], seed=7)
        self.size_op = self.q.size()
        self.enqueue_op = self.q.enqueue([self.row_ph])
        self.close_op = self.q.close()

    def feed(self, sess):
        for r in self.rows:
            sess.run(self.enqueue_op, feed_dict={self.row_ph: np.asarray(r, np.float32)})
        sess.run(self.close_op)

    def start(self, sess):
        t = threading.Thread(target=self.feed, args=(sess,))
        t.daemon = True
        t.start()
        return [t]

    def batches(self):
        return self.q.dequeue_many(self.batch)
