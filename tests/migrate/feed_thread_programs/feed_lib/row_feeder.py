"""A feeding class in a module of its own: `tf.FIFOQueue` made in `__init__`, the coordinator kept on `self`,
one feeding thread made with `daemon=True` whose loop runs `while not self.coord.should_stop()`."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class RowFeeder(object):
    def __init__(self, rows, coord, capacity=10):
        self.rows = rows
        self.coord = coord
        self.x = tf.placeholder(tf.int32, shape=[3])
        self.y = tf.placeholder(tf.float32, shape=[])
        self.queue = tf.FIFOQueue(capacity, [tf.int32, tf.float32], shapes=[[3], []])
        self.enqueue_op = self.queue.enqueue([self.x, self.y])

    def inputs(self, batch_size):
        xs, ys = self.queue.dequeue_up_to(batch_size)
        return {'x': xs, 'y': ys}

    def thread_main(self, sess):
        i = 0
        while not self.coord.should_stop():
            if i >= self.rows:
                sess.run(self.queue.close())
                break
            sess.run(self.enqueue_op, feed_dict={self.x: np.array([i, i + 1, i + 2], np.int32),
                                                 self.y: i / 4.0})
            i += 1

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,), daemon=True)
        thread.start()
        return [thread]
