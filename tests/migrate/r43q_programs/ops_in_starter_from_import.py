"""`from tensorflow.compat.v1 import ...`: the queue made in `_setup`, which the program calls,
its enqueue op and close op made in `start_threads` before the thread starts; the dequeue is a plain `dequeue()`
batched by `train.batch`."""
import threading

import numpy as np
import tensorflow as tf
from tensorflow.compat.v1 import FIFOQueue, Session, placeholder, train


class WordFeeder:
    def __init__(self, words):
        self.words = words

    def _setup(self):
        self.word = placeholder(tf.string, shape=[])
        self.length = placeholder(tf.int32, shape=[])
        self.q = FIFOQueue(8, [tf.string, tf.int32], shapes=[[], []])

    def inputs(self, batch_size):
        word, length = self.q.dequeue()
        return train.batch([word, length], batch_size=batch_size)

    def run_feed(self, sess):
        for w in self.words:
            sess.run(self.enqueue, feed_dict={self.word: w, self.length: len(w)})
        sess.run(self.close)

    def start_threads(self, sess):
        self.enqueue = self.q.enqueue([self.word, self.length])
        self.close = self.q.close()
        thread = threading.Thread(target=self.run_feed, args=(sess,))
        thread.start()
        return thread


def main(data_dir):
    words = ['alpha', 'bo', 'gamma', 'delta', 'ep', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lam', 'mu']
    feeder = WordFeeder(words)
    feeder._setup()
    words_t, lengths_t = feeder.inputs(3)
    sess = Session()
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    thread = feeder.start_threads(sess)
    batches = []
    try:
        for _ in range(4):
            w, n = sess.run([words_t, lengths_t])
            batches.append([[x.decode() for x in w], n.tolist()])
    finally:
        coord.request_stop()
    coord.join(threads)
    thread.join()
    sess.close()
    return {"batches": batches, "end": "words: %d" % sum(len(b[1]) for b in batches)}
