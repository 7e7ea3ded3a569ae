"""A feeder kept in a package module: its RandomShuffleQueue, enqueue op and close op are made by `_setup`, which
the program calls once on its object; the feeding thread closes the queue when its rows are done."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class RowFeeder(object):
    def __init__(self, capacity, min_after_dequeue):
        self.capacity = capacity
        self.min_after_dequeue = min_after_dequeue
        self.queue = None

    def _setup(self):
        self.features = tf.placeholder(tf.float32, shape=[3])
        self.label = tf.placeholder(tf.int32, shape=[])
        self.queue = tf.RandomShuffleQueue(self.capacity, self.min_after_dequeue, [tf.float32, tf.int32],
                                           shapes=[[3], []], seed=43)
        self.enqueue_op = self.queue.enqueue([self.features, self.label])
        self.close_op = self.queue.close()

    def batch(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def thread_main(self, sess, path):
        with open(path) as f:
            for line in f:
                a, b, c, label = line.strip().split(',')
                sess.run(self.enqueue_op, feed_dict={
                    self.features: np.array([float(a), float(b), float(c)], np.float32),
                    self.label: int(label)})
        sess.run(self.close_op)

    def start_threads(self, sess, path):
        thread = threading.Thread(target=self.thread_main, args=(sess, path))
        thread.daemon = True
        thread.start()
        return [thread]
