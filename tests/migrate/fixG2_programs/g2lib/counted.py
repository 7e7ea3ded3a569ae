"""Two workers over their own halves of the rows, the last to finish closing the RandomShuffleQueue (a count of
the running ones under a lock): the queue delivers every row once, in an order the threads race for."""
import threading

import numpy as np
from tensorflow.compat import v1 as tf


class CountedFeeder:
    def __init__(self, rows, batch_size):
        self.rows, self.batch_size = rows, batch_size
        self.x = tf.placeholder(tf.float32, shape=[None, 2])
        self.q = tf.RandomShuffleQueue(capacity=16, min_after_dequeue=3, dtypes=[tf.float32], shapes=[[2]],
                                       seed=11)
        self.put = self.q.enqueue_many([self.x])
        self.end = self.q.close()
        self._lock = threading.Lock()
        self._running = 0

    def batches(self):
        return self.q.dequeue_many(self.batch_size)

    def feed(self, sess, part):
        try:
            for i in range(0, len(part), 3):
                sess.run(self.put, feed_dict={self.x: part[i:i + 3]})
        finally:
            with self._lock:
                self._running -= 1
                if self._running == 0:
                    sess.run(self.end)

    def go(self, sess, workers=2):
        self._running = workers
        for w in range(workers):
            threading.Thread(target=self.feed, args=(sess, self.rows[w::workers])).start()


def rows(n):
    return (np.arange(n * 2, dtype=np.float32) / 2).reshape(n, 2)
