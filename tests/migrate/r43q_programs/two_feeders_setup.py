"""Two feeders of one class in the program's module, each set up once (`train._setup()`, `test._setup()`): the
queue, its enqueue op and close op made by `_setup`; each feeding thread runs its own rows, then the close op."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class SplitFeeder(object):
    def __init__(self, rows):
        self.rows = rows

    def _setup(self, capacity):
        self.value = tf.placeholder(tf.float32, shape=[2])
        self.row_id = tf.placeholder(tf.int32, shape=[])
        self.queue = tf.FIFOQueue(capacity, [tf.float32, tf.int32], shapes=[[2], []])
        self.enqueue_op = self.queue.enqueue([self.value, self.row_id])
        self.close_op = self.queue.close()

    def batches(self, n):
        return self.queue.dequeue_many(n)

    def feed(self, sess):
        for i in self.rows:
            sess.run(self.enqueue_op, feed_dict={self.value: np.array([i, i * i], np.float32), self.row_id: i})
        sess.run(self.close_op)

    def start(self, sess):
        thread = threading.Thread(target=self.feed, args=(sess,))
        thread.daemon = True
        thread.start()
        return thread


def drain(sess, tensors):
    out = []
    try:
        while True:
            a, b = sess.run(tensors)
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    train = SplitFeeder(list(range(12)))
    test = SplitFeeder(list(range(50, 56)))
    train._setup(8)
    test._setup(4)
    train_batch = train.batches(4)
    test_batch = test.batches(3)
    sess = tf.Session()
    first = train.start(sess)
    second = test.start(sess)
    batches = drain(sess, train_batch) + drain(sess, test_batch)
    first.join()
    second.join()
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
