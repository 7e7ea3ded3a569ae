"""A queue class built around the caller's placeholders (dtypes and shapes named a line above the queue), its
thread started by ``start`` with the chunks to feed; the feeder closes the queue in ``finally``."""
import threading

import tensorflow.compat.v1 as tf


class PlaceholderQueue(object):
    def __init__(self, placeholders, capacity=10):
        self.placeholders = placeholders
        dtypes = [p.dtype for p in placeholders]
        shapes = [p.get_shape()[1:] for p in placeholders]
        with tf.device('/cpu:0'):
            self.queue = tf.FIFOQueue(capacity, dtypes=dtypes, shapes=shapes)
            self.enqueue_op = self.queue.enqueue_many(placeholders)
            self.close_op = self.queue.close()

    def dequeue(self, n):
        return self.queue.dequeue_many(n)

    def _feed(self, sess, coord, chunks):
        try:
            for chunk in chunks:
                if coord.should_stop():
                    break
                sess.run(self.enqueue_op, feed_dict=dict(zip(self.placeholders, chunk)))
        except Exception as exc:
            coord.request_stop(exc)
        finally:
            sess.run(self.close_op)

    def start(self, sess, coord, chunks):
        thread = threading.Thread(target=self._feed, args=(sess, coord, chunks))
        thread.daemon = True
        thread.start()
        return [thread]
