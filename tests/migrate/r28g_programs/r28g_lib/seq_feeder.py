"""A feeder thread whose queue is made under a local name and kept on the instance; one element per dequeue."""
import threading

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


class SeqFeeder:
    def __init__(self):
        self.ids = tf1.placeholder(tf.int64, shape=[2])
        q = tf1.FIFOQueue(4, [tf.int64], shapes=[[2]])
        self.enqueue = q.enqueue([self.ids])
        self.q = q

    def worker(self, sess, n):
        for i in range(n):
            sess.run(self.enqueue, {self.ids: np.array([i, i * i], np.int64)})
        sess.run(self.q.close())

    def launch(self, sess, n):
        t = threading.Thread(target=self.worker, args=(sess, n), daemon=True)
        t.start()
        self.t = t
