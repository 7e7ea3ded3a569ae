# Two fed queues that QueueBase.from_list selects by a variable the program assigns: left, with the reason.
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class TwoSources:
    def __init__(self):
        self.a_ph = tf.placeholder(tf.float32, shape=[])
        self.b_ph = tf.placeholder(tf.float32, shape=[])
        self.a_q = tf.FIFOQueue(8, [tf.float32], shapes=[[]])
        self.b_q = tf.FIFOQueue(8, [tf.float32], shapes=[[]])
        self.which = tf.Variable(0, trainable=False)
        self.pick = [tf.assign(self.which, 0), tf.assign(self.which, 1)]
        self.curr = tf.QueueBase.from_list(self.which, [self.a_q, self.b_q])
        self.a_op = self.a_q.enqueue([self.a_ph])
        self.b_op = self.b_q.enqueue([self.b_ph])

    def feed_a(self, sess):
        for v in range(4):
            sess.run(self.a_op, feed_dict={self.a_ph: float(v)})

    def feed_b(self, sess):
        for v in range(4):
            sess.run(self.b_op, feed_dict={self.b_ph: 10.0 + v})

    def start(self, sess):
        ts = [threading.Thread(target=self.feed_a, args=(sess,)), threading.Thread(target=self.feed_b, args=(sess,))]
        for t in ts:
            t.start()
        return ts

    def get(self, n):
        return self.curr.dequeue_many(n)


def main(data_dir):
    src = TwoSources()
    got = src.get(2)
    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    threads = src.start(sess)
    batches = []
    for k in (0, 1, 0, 1):
        sess.run(src.pick[k])
        batches.append(sess.run(got).tolist())
    for t in threads:
        t.join()
    return {"batches": batches, "end": "done"}
