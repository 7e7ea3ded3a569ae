"""A feeding thread handed its placeholders: its ``run`` makes the session it was given the default one and runs
the enqueue op through the op itself (``op.run(feed_dict=...)``); a cancelling close op is made and never run."""
import threading

import tensorflow.compat.v1 as tf


class QueueFeeder(threading.Thread):
    def __init__(self, rows, placeholders, capacity=6):
        threading.Thread.__init__(self)
        self.daemon = True
        self.rows = rows
        self.placeholders = placeholders
        self.queue = tf.FIFOQueue(capacity, [tf.int64, tf.float32], shapes=[[], [3]])
        self.enqueue_op = self.queue.enqueue(self.placeholders)
        self.cancel_op = self.queue.close(cancel_pending_enqueues=True)
        self.end_op = self.queue.close()
        self.sess = None

    def run(self):
        with self.sess.as_default():
            for key, vec in self.rows:
                self.enqueue_op.run(feed_dict=dict(zip(self.placeholders, (key, vec))))
            self.end_op.run()

    def dequeue(self, n):
        return self.queue.dequeue_many(n)
