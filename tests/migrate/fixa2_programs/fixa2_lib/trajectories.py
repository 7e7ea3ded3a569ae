"""A trajectory buffer kept in a package module: placeholders, a `FIFOQueue` with `shared_name=`, its enqueue
and close ops made in `__init__`; one feeding thread started by `start`, which closes the queue at the end."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class TrajectoryBuffer(object):

    def __init__(self, unroll, rows):
        self.rows = rows
        self.unroll = unroll
        self.state_ph = tf.placeholder(tf.float32, shape=[unroll, 2], name='state')
        self.action_ph = tf.placeholder(tf.int32, shape=[unroll], name='action')
        self.queue = tf.FIFOQueue(4, dtypes=[tf.float32, tf.int32], shapes=[[unroll, 2], [unroll]],
                                  shared_name='trajectory_buffer')
        self.enqueue_op = self.queue.enqueue([self.state_ph, self.action_ph])
        self.close_op = self.queue.close()

    def feed(self, sess):
        for start in range(0, len(self.rows) - self.unroll + 1, self.unroll):
            chunk = np.array(self.rows[start:start + self.unroll])
            sess.run(self.enqueue_op, feed_dict={self.state_ph: chunk[:, :2],
                                                 self.action_ph: chunk[:, 2].astype(np.int32)})
        sess.run(self.close_op)

    def start(self, sess):
        t = threading.Thread(target=self.feed, args=(sess,))
        t.daemon = True
        t.start()
        return t

    def sample(self, n):
        return self.queue.dequeue_many(n, name='sampled')
