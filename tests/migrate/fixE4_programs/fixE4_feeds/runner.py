"""A feeding class whose queue another module dequeues."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Runner(object):
    def __init__(self):
        self.x = tf.placeholder(dtype=tf.float32, shape=[None, 2])
        self.y = tf.placeholder(dtype=tf.int64, shape=[None])
        self.queue = tf.FIFOQueue(shapes=[[2], []], dtypes=[tf.float32, tf.int64], capacity=40)
        self.enqueue_op = self.queue.enqueue_many([self.x, self.y])

    def thread_main(self, sess):
        for start in range(0, 12, 4):
            sess.run(self.enqueue_op, feed_dict={self.x: np.arange(start, start + 8, dtype=np.float32).reshape(4, 2),
                                                 self.y: np.arange(start, start + 4)})
        sess.run(self.queue.close())

    def start_threads(self, sess):
        t = threading.Thread(target=self.thread_main, args=(sess,))
        t.daemon = True
        t.start()
        return [t]
