"""A class in the program itself: three components fed one element at a time (`enqueue`), the queue's dtypes
and shapes the local lists by name, the placeholders reading their items; a generator method as the source."""
import threading

import numpy as np
import tensorflow as tf1
tf = tf1.compat.v1


class Feeder:
    def __init__(self, n, scope='feeder'):
        self._n = n
        with tf.variable_scope(scope):
            types = [tf.int32, tf.float32, tf.string]
            dims = [[2], [], []]
            self._a = tf.placeholder(types[0], shape=dims[0], name='a')
            self._b = tf.placeholder(types[1], shape=dims[1], name='b')
            self._c = tf.placeholder(types[2], shape=dims[2], name='c')
            self._q = tf.FIFOQueue(capacity=8, dtypes=types, shapes=dims)
            self._put = self._q.enqueue([self._a, self._b, self._c])
            self._end = self._q.close()

    def _items(self):
        for i in range(self._n):
            yield np.array([i, i * i], np.int32), np.float32(i) / 4, ('item%d' % i).encode()

    def _loop(self, sess, coord):
        try:
            for a, b, c in self._items():
                if coord.should_stop():
                    break
                sess.run(self._put, feed_dict={self._a: a, self._b: b, self._c: c})
            sess.run(self._end)
        except Exception as e:
            coord.request_stop(e)

    def start(self, sess, coord):
        t = threading.Thread(target=self._loop, args=(sess, coord))
        t.daemon = True
        t.start()
        return t

    def batch(self, n):
        return self._q.dequeue_many(n)


def main(data_dir):
    feeder = Feeder(6)
    a, b, c = feeder.batch(2)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        t = feeder.start(sess, coord)
        for _ in range(3):
            x, y, z = sess.run([a, b, c])
            out.append([x.tolist(), y.tolist(), [s.decode() for s in z]])
        coord.request_stop()
        t.join()
    return {"batches": out, "end": "items: %d" % (2 * len(out))}
