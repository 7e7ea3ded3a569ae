import threading
import time

import numpy as np
import tensorflow.compat.v1 as tf


class Queue(object):

    def __init__(self, batch_size=100):
        self.batch_size = batch_size
        self.node = {'data': tf.placeholder(tf.float32,
                                            shape=[self.batch_size],
                                            name='data')}
        # node = tf.Variable(tf.random_normal([self.batch_size], dtype=tf.float32, stddev=1e-1))
        self.queue = tf.FIFOQueue(capacity=256, dtypes=tf.float32, shapes=[], names=['data'])
        self.enqueue_op = self.queue.enqueue_many(self.node)
        self.batch = self.queue.dequeue_many(self.batch_size)
        self.close_op = self.queue.close(cancel_pending_enqueues=True)
        self._continue = True

    def enqueue(self, sess, source):
        for chunk in source:
            if not self._continue:
                break
            sess.run(self.enqueue_op, feed_dict={self.node['data']: chunk})

    def start(self, sess, source):
        self.thread = threading.Thread(target=self.enqueue, args=(sess, source))
        self.thread.daemon = True
        self.thread.start()
        return self.thread

    def stop(self, sess):
        self._continue = False
        sess.run(self.close_op)
        self.thread.join()


def tick_source(path, batch_size):
    ticks = np.load(path)
    for start in range(0, len(ticks) - batch_size + 1, batch_size):
        yield ticks[start:start + batch_size]
