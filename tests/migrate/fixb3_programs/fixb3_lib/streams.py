"""A queue class of one dtype (not in a list) with ``names=`` and ``enqueue_many`` of a placeholder dict; its
one component's shape is ``shapes=[2]`` (a row of two, not two shapes)."""
import threading

import tensorflow.compat.v1 as tf


class PairStream(object):
    def __init__(self, batch_size):
        self.inputs = {'pair': tf.placeholder(tf.int64, shape=[None, 2], name='pair')}
        self.queue = tf.FIFOQueue(capacity=16, dtypes=tf.int64, shapes=[2], names=['pair'])
        self.push = self.queue.enqueue_many(self.inputs)
        self.batch = self.queue.dequeue_up_to(batch_size)
        self.done = self.queue.close()

    def pump(self, sess, blocks):
        for block in blocks:
            sess.run(self.push, feed_dict={self.inputs['pair']: block})
        sess.run(self.done)

    def start(self, sess, blocks):
        self.thread = threading.Thread(target=self.pump, args=(sess, blocks))
        self.thread.daemon = True
        self.thread.start()
        return self.thread
