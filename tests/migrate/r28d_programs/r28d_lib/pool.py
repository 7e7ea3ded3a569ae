"""A pool of rows fed by threads kept in a list (`import tensorflow as tf` style); `join` joins each."""
import threading

import tensorflow as tf


class RowPool:

    def __init__(self, width):
        self.row = tf.compat.v1.placeholder(tf.float32, [width])
        self.label = tf.compat.v1.placeholder(tf.int32, [])
        self.q = tf.compat.v1.FIFOQueue(6, [tf.float32, tf.int32], shapes=[[width], []])
        self.push = self.q.enqueue([self.row, self.label])
        self.done = self.q.close()
        self._threads = []

    def _run(self, sess, rows):
        for i, r in enumerate(rows):
            sess.run(self.push, feed_dict={self.row: r, self.label: i})
        sess.run(self.done)

    def start(self, sess, rows):
        t = threading.Thread(target=self._run, args=(sess, rows))
        t.daemon = True
        t.start()
        self._threads.append(t)

    def join(self):
        """Waits for the feeding threads."""
        for t in self._threads:
            if t.is_alive():
                t.join()
