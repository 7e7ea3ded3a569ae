"""Probe loader for the wind tunnel rig.

Shape of the code in tensorflow/tensorflow issue #4246 ("tf.train.Coordinator not closing
threads", see also #2130 and the Stack Overflow question it links): threads feed a
RandomShuffleQueue in `while not coord.should_stop()` loops; at the end the queue is closed with
cancel_pending_enqueues=True and the threads catch the CancelledError.
"""
import numpy as np
import tensorflow.compat.v1 as tf


class ProbeLoader(object):

    def __init__(self, capacity=32, seed=4246):
        self.queue_inputs = tf.placeholder(tf.float32, shape=[None, 3], name="probe_inputs")
        self.queue_targets = tf.placeholder(tf.int32, shape=[None], name="probe_ids")
        self.q = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=0,
                                       dtypes=[tf.float32, tf.int32], shapes=[[3], []], seed=seed)
        self.enqueue_op = self.q.enqueue_many([self.queue_inputs, self.queue_targets])
        self.close_op = self.q.close(cancel_pending_enqueues=True)

    def dequeue(self, batch_size):
        return self.q.dequeue_many(batch_size)

    def load_and_enqueue(self, sess, coord, chunk, ids, rows_per_step=2):
        pos = 0
        while not coord.should_stop():
            if pos >= len(chunk):
                break
            feed_dict = {
                self.queue_inputs: chunk[pos:pos + rows_per_step],
                self.queue_targets: ids[pos:pos + rows_per_step],
            }
            try:
                sess.run(self.enqueue_op, feed_dict=feed_dict)
            except tf.errors.CancelledError:
                return
            pos += rows_per_step
