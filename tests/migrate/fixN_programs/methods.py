"""Two methods of a class each build their own fed queue and thread under the same local names; the eval one is
read for a fixed number of steps."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Runner(object):
    def __init__(self, sess):
        self.sess = sess

    def train(self, n):
        x = tf.placeholder(tf.float32, shape=[3])
        queue = tf.FIFOQueue(8, [tf.float32], shapes=[[3]])
        enqueue_op = queue.enqueue([x])
        batch = queue.dequeue_up_to(5)

        def feed(sess):
            for i in range(n):
                sess.run(enqueue_op, feed_dict={x: [i, i + 0.5, -i]})
            sess.run(queue.close())

        thread = threading.Thread(target=feed, args=(self.sess,))
        thread.start()
        out = []
        try:
            while True:
                out.append([self.sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        thread.join()
        return out

    def evaluate(self, n):
        x = tf.placeholder(tf.float32, shape=[3])
        queue = tf.FIFOQueue(8, [tf.float32], shapes=[[3]])
        enqueue_op = queue.enqueue([x])
        batch = queue.dequeue_up_to(5)

        def feed(sess):
            for i in range(n):
                sess.run(enqueue_op, feed_dict={x: [100 + i, i, 0.25]})
            sess.run(queue.close())

        thread = threading.Thread(target=feed, args=(self.sess,))
        thread.start()
        out = []
        for _ in range(2):
            out.append([self.sess.run(batch).tolist()])
        return out


def main(data_dir):
    with tf.Session() as sess:
        runner = Runner(sess)
        out = runner.train(12) + runner.evaluate(10)
    return {'batches': out, 'end': 'OutOfRangeError'}
