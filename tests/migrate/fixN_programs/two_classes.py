"""Two feeding classes in one module with the same attribute, method and local names (`self.queue`,
`thread_main`, `start_threads`, `t`, `threads`); main reads the first to the end, then the second."""
import threading

import tensorflow.compat.v1 as tf


class Loader(object):
    def __init__(self, limit):
        self.limit = limit
        self.value = tf.placeholder(tf.int64, shape=[])
        self.queue = tf.FIFOQueue(5, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.value])

    def thread_main(self, sess, coord):
        i = 0
        try:
            while not coord.should_stop():
                if i >= self.limit:
                    break
                sess.run(self.enqueue_op, feed_dict={self.value: i * i})
                i += 1
            sess.run(self.queue.close())
        finally:
            coord.request_stop()

    def start_threads(self, sess, coord, n_threads=1):
        threads = []
        for _ in range(n_threads):
            t = threading.Thread(target=self.thread_main, args=(sess, coord))
            t.daemon = True
            t.start()
            threads.append(t)
        return threads

    def get_inputs(self, n):
        return self.queue.dequeue_many(n)


class EvalLoader(object):
    def __init__(self, limit):
        self.limit = limit
        self.value = tf.placeholder(tf.int64, shape=[])
        self.queue = tf.FIFOQueue(5, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.value])

    def thread_main(self, sess, coord):
        i = 0
        try:
            while not coord.should_stop():
                if i >= self.limit:
                    break
                sess.run(self.enqueue_op, feed_dict={self.value: 100 + i})
                i += 1
            sess.run(self.queue.close())
        finally:
            coord.request_stop()

    def start_threads(self, sess, coord, n_threads=1):
        threads = []
        for _ in range(n_threads):
            t = threading.Thread(target=self.thread_main, args=(sess, coord))
            t.daemon = True
            t.start()
            threads.append(t)
        return threads

    def get_inputs(self, n):
        return self.queue.dequeue_many(n)


def main(data_dir):
    loader = Loader(17)
    squares = loader.get_inputs(3)
    coord = tf.train.Coordinator()
    out, end = [], None
    with tf.Session() as sess:
        loader.start_threads(sess, coord)
        try:
            while True:
                out.append([sess.run(squares).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        ev = EvalLoader(6)
        evals = ev.get_inputs(2)
        ev.start_threads(sess, tf.train.Coordinator())
        for _ in range(3):
            out.append([sess.run(evals).tolist()])
    return {'batches': out, 'end': end}
