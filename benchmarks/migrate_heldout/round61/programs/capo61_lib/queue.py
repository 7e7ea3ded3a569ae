import time, threading
import numpy as np
import tensorflow.compat.v1 as tf


class Queue(object):

    def __init__(self, batch_size=100):
        self.batch_size = batch_size
        self.node = {'data': tf.placeholder(tf.float32,
                                            shape=[self.batch_size],
                                            name='data')}
        # node = tf.Variable(tf.random_normal([self.batch_size], dtype=tf.float32, stddev=1e-1))
        self.queue = tf.FIFOQueue(capacity=256, dtypes=tf.float32, shapes=[], names=['data'])
        self.enqueue_op = self.queue.enqueue_many(self.node)
        self.batch = self.queue.dequeue_many(self.batch_size)
        self.close_op = self.queue.close()
        self._continue = True

    def data_stream(self, sess, chunks):
        for chunk in chunks:
            if not self._continue:
                break
            sess.run(self.enqueue_op, feed_dict={self.node['data']: chunk})
        sess.run(self.close_op)

    def start(self, sess, chunks):
        self.thread = threading.Thread(target=self.data_stream, args=(sess, chunks))
        self.thread.daemon = True
        self.thread.start()
        return self.thread

    def stop(self):
        self._continue = False
        self.thread.join()
