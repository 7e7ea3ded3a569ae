"""Two feeding classes with the same method and attribute names, each started from its own function by a thread
made outside the class under the same local names (`loader`, `batch`, `t`)."""
import threading

import tensorflow.compat.v1 as tf


class Loader(object):
    def __init__(self, lo, n):
        self.lo, self.n = lo, n
        self.value = tf.placeholder(tf.int64, shape=[])
        self.queue = tf.FIFOQueue(8, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.value])

    def feed(self, sess):
        for i in range(self.n):
            sess.run(self.enqueue_op, feed_dict={self.value: self.lo + i})
        sess.run(self.queue.close())

    def batch(self, k):
        return self.queue.dequeue_many(k)


class EvalLoader(object):
    def __init__(self, lo, n):
        self.lo, self.n = lo, n
        self.value = tf.placeholder(tf.int64, shape=[])
        self.queue = tf.FIFOQueue(8, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.value])

    def feed(self, sess):
        for i in range(self.n):
            sess.run(self.enqueue_op, feed_dict={self.value: self.lo + i})
        sess.run(self.queue.close())

    def batch(self, k):
        return self.queue.dequeue_many(k)


def run_train(sess):
    loader = Loader(0, 12)
    batch = loader.batch(3)
    t = threading.Thread(target=loader.feed, args=(sess,))
    t.start()
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    t.join()
    return out


def run_eval(sess):
    loader = EvalLoader(100, 6)
    batch = loader.batch(2)
    t = threading.Thread(target=loader.feed, args=(sess,))
    t.start()
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    t.join()
    return out


def main(data_dir):
    with tf.Session() as sess:
        return {'batches': run_train(sess) + run_eval(sess), 'end': 'OutOfRangeError'}
