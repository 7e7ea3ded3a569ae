"""A text reader's shape: one thread feeds two PaddingFIFOQueues (an input and its response)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class PairReader(object):
    def __init__(self, n):
        self.n = n
        self.text = tf.placeholder(tf.float32, shape=None)
        self.reply = tf.placeholder(tf.float32, shape=None)
        self.queue = tf.PaddingFIFOQueue(8, ['float32'], shapes=[(None,)])
        self.reply_queue = tf.PaddingFIFOQueue(8, ['float32'], shapes=[(None,)])
        self.enqueue_text = self.queue.enqueue([self.text])
        self.enqueue_reply = self.reply_queue.enqueue([self.reply])

    def dequeue(self, k):
        return self.queue.dequeue_many(k), self.reply_queue.dequeue_many(k)

    def thread_main(self, sess):
        for i in range(self.n):
            sess.run(self.enqueue_text, feed_dict={self.text: np.arange(i % 3 + 1, dtype=np.float32)})
            sess.run(self.enqueue_reply, feed_dict={self.reply: np.full(i % 2 + 1, i, np.float32)})
        sess.run(self.queue.close())
        sess.run(self.reply_queue.close())

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]


def main(data_dir):
    reader = PairReader(9)
    texts, replies = reader.dequeue(2)
    out, end = [], None
    with tf.Session() as sess:
        reader.start_threads(sess)
        try:
            while True:
                a, b = sess.run([texts, replies])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
    return {'batches': out, 'end': end}
