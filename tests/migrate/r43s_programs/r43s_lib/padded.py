"""A padding feeder handed a trainer-like holder: `__init__` keeps `holder.sess` as `self._sess`, the feeding
method takes its curves and runs the enqueue on `self._sess`; a PaddingFIFOQueue read by `dequeue_many`."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class SessionHolder(object):
    def __init__(self):
        self.sess = tf.Session()


class CurveFeeder(object):
    def __init__(self, holder, curves, batch_size=2):
        self._sess = holder.sess
        self.curves = curves
        self.batch_size = batch_size
        self.curve_ph = tf.placeholder(tf.float32, [None], name='curve')
        self.length_ph = tf.placeholder(tf.int32, [], name='length')
        self.queue = tf.PaddingFIFOQueue(4, [tf.float32, tf.int32], shapes=[[None], []])
        self.enqueue = self.queue.enqueue([self.curve_ph, self.length_ph])
        self.close_op = self.queue.close()

    def thread_main(self, curves):
        for curve in curves:
            self._sess.run(self.enqueue, feed_dict={self.curve_ph: curve,
                                                    self.length_ph: len(curve)})
        self._sess.run(self.close_op)

    def start(self):
        thread = threading.Thread(target=self.thread_main, args=(self.curves,))
        thread.daemon = True
        thread.start()
        return thread

    def dequeue(self):
        return self.queue.dequeue_many(self.batch_size)
