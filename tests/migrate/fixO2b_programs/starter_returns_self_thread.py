"""The starter keeps its thread on ``self`` and returns it; the caller joins what it returned, and a second
starter returns ``self.threads`` (a list kept on the instance) whose items the caller joins."""
import threading

import tensorflow.compat.v1 as tf


class Numbers(object):
    def __init__(self, n):
        self.n = n
        self.ph = tf.placeholder(tf.int32, [])
        self.queue = tf.FIFOQueue(4, [tf.int32], shapes=[[]])
        self.op = self.queue.enqueue([self.ph])
        self.closing = self.queue.close()
        self.batch = self.queue.dequeue_many(2)

    def feed(self, sess):
        for i in range(self.n):
            sess.run(self.op, feed_dict={self.ph: i * 3})
        sess.run(self.closing)

    def start(self, sess):
        self.thread = threading.Thread(target=self.feed, args=(sess,))
        self.thread.daemon = True
        self.thread.start()
        return self.thread


class Letters(object):
    def __init__(self, words):
        self.words = words
        self.ph = tf.placeholder(tf.string, [])
        self.queue = tf.FIFOQueue(4, [tf.string], shapes=[[]])
        self.op = self.queue.enqueue([self.ph])
        self.closing = self.queue.close()
        self.batch = self.queue.dequeue_up_to(2)

    def feed(self, sess):
        for w in self.words:
            sess.run(self.op, feed_dict={self.ph: w})
        sess.run(self.closing)

    def start(self, sess):
        t = threading.Thread(target=self.feed, args=(sess,))
        t.start()
        self.threads = [t]
        return self.threads


def main(data_dir):
    batches = []
    nums, lets = Numbers(5), Letters(["x", "yy", "z"])
    with tf.Session() as sess:
        t = nums.start(sess)
        ts = lets.start(sess)
        for out, conv in ((nums.batch, lambda v: v.tolist()), (lets.batch, lambda v: [w.decode() for w in v])):
            try:
                while True:
                    batches.append(conv(sess.run(out)))
            except tf.errors.OutOfRangeError:
                pass
        t.join()
        for each in ts:
            each.join()
    return {"batches": batches, "end": "done"}
