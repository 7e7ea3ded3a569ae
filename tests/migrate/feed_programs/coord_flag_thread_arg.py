"""The coordinator passed on to the thread (args=(sess, coord)), `from tensorflow.compat.v1 import train`; the
feeding loop checks it with a counter flag set before the break (`stopped = 1; break`)."""
import threading

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Pairs(object):
    def __init__(self, n):
        self.n = n
        self.a = tf.placeholder(tf.int64, shape=[])
        self.b = tf.placeholder(tf.float32, shape=[])
        self.queue = tf.FIFOQueue(5, [tf.int64, tf.float32], shapes=[[], []])
        self.put = self.queue.enqueue([self.a, self.b])

    def feed(self, sess, coord):
        stopped = 0
        k = 0
        while k < self.n:
            if coord.should_stop():
                stopped = 1
                break
            sess.run(self.put, feed_dict={self.a: k, self.b: k / 4.0})
            k += 1
        sess.run(self.queue.close())

    def start_threads(self, sess, coord):
        worker = threading.Thread(target=self.feed, args=(sess, coord))
        worker.daemon = True
        worker.start()
        return [worker]

    def batches(self, n):
        return self.queue.dequeue_up_to(n)


def main(data_dir):
    pairs = Pairs(19)
    a, b = pairs.batches(5)
    coord = train.Coordinator()
    out, end = [], None
    with tf.Session() as sess:
        pairs.start_threads(sess, coord)
        try:
            while True:
                x, y = sess.run([a, b])
                out.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
    return {'batches': out, 'end': end}
