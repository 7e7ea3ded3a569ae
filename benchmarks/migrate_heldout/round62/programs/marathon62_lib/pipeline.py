"""Marathon split times, after the ischlag.github.io "input pipeline for large datasets" post.

From ischlag/tensorflow-input-pipelines issue #1 ("Enqueue operation was cancelled"): the answer
was to make the while loop of the enqueue thread stoppable and to stop that thread before closing
the queue and the session.  The data iterator wraps around, as in the post.
"""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def data_iterator(splits, runners, chunk=2):
    """Endless: yields chunks of (splits, runner) in file order, again and again."""
    idx = 0
    n = len(runners)
    while True:
        take = [(idx + k) % n for k in range(chunk)]
        yield splits[take], runners[take]
        idx = (idx + chunk) % n


class SplitPipeline(object):

    def __init__(self, splits, runners, batch_size):
        self.splits_input = tf.placeholder(tf.float32, shape=[None, 4])
        self.runner_input = tf.placeholder(tf.string, shape=[None])
        self.queue = tf.FIFOQueue(shapes=[[4], []], dtypes=[tf.float32, tf.string], capacity=8)
        self.enqueue_op = self.queue.enqueue_many([self.splits_input, self.runner_input])
        self.close_op = self.queue.close(cancel_pending_enqueues=True)
        split, runner = self.queue.dequeue()
        self.split_batch, self.runner_batch = tf.train.batch([split, runner], batch_size=batch_size)
        self._data = (splits, runners)
        self._stop = False
        self._thread = None

    def enqueue(self, sess):
        for s, r in data_iterator(*self._data):
            if self._stop:
                return
            try:
                sess.run(self.enqueue_op, feed_dict={self.splits_input: s, self.runner_input: r})
            except (tf.errors.CancelledError, tf.errors.AbortedError):
                return

    def start(self, sess):
        self._thread = threading.Thread(target=self.enqueue, args=[sess])
        self._thread.daemon = True
        self._thread.start()

    def stop(self, sess):
        self._stop = True
        sess.run(self.close_op)
        self._thread.join()
