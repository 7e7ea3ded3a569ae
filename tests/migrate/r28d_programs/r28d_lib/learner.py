"""A replay memory fed by one thread it keeps; its `join` joins it behind a check of it."""
import threading

import tensorflow.compat.v1 as tf


class Replay(object):

    def __init__(self):
        self.obs = tf.placeholder(tf.float32, [2], name='obs')
        self.queue = tf.FIFOQueue(3, [tf.float32], shapes=[[2]], name='replay')
        self.enqueue_op = self.queue.enqueue([self.obs])
        self.close_op = self.queue.close()
        self._worker = None

    def _push(self, sess, items):
        for item in items:
            sess.run(self.enqueue_op, feed_dict={self.obs: item})
        sess.run(self.close_op)

    def start(self, sess, items):
        self._worker = threading.Thread(target=self._push, args=(sess, items))
        self._worker.setDaemon(True)
        self._worker.start()

    def join(self):
        if self._worker is not None:
            self._worker.join()
