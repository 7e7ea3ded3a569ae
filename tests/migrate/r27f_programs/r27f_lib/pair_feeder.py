"""A feeder over `tf.FIFOQueue` (`tensorflow.compat.v1 as tf`) whose starter `start_threads(sess, coord)`
returns its one thread; the loop checks the coordinator and closes the queue when the rows end; `stop(sess)`
closes it again on the way out (its close goes, the method stays)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class PairFeeder:
    def __init__(self, rows):
        self.rows = rows
        self.a = tf.placeholder(tf.float32, shape=[2])
        self.b = tf.placeholder(tf.int64, shape=[])
        self.queue = tf.FIFOQueue(4, [tf.float32, tf.int64], shapes=[[2], []])
        self.enqueue = self.queue.enqueue([self.a, self.b])

    def batch(self, n):
        return self.queue.dequeue_many(n)

    def thread_main(self, sess, coord):
        for i in range(self.rows):
            if coord.should_stop():
                break
            sess.run(self.enqueue, feed_dict={self.a: np.array([i, i * 0.5], np.float32), self.b: 10 * i})
        sess.run(self.queue.close())

    def start_threads(self, sess, coord):
        thread = threading.Thread(target=self.thread_main, args=(sess, coord))
        thread.daemon = True
        thread.start()
        return thread

    def stop(self, sess):
        sess.run(self.queue.close(cancel_pending_enqueues=True))
