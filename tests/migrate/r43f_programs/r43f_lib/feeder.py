"""A feeder class handed its placeholders by its caller: the queue's dtypes a name bound once to a comprehension
over them, its shapes one; `super(...)` in its own `__init__`; one feeding thread, closed at the end."""
import threading

import tensorflow.compat.v1 as tf


class BaseFeeder(object):

    def __init__(self, placeholders, chunks, capacity=8):
        super(BaseFeeder, self).__init__()
        self.placeholders = placeholders
        self.chunks = chunks
        dtypes = [p.dtype for p in placeholders]
        self.queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes,
                                  shapes=[p.get_shape()[1:] for p in placeholders])
        self.enqueue_op = self.queue.enqueue_many(placeholders)
        self.close_op = self.queue.close()

    def thread_main(self, sess):
        for data in self.chunks():
            sess.run(self.enqueue_op, feed_dict=dict(zip(self.placeholders, data)))
        sess.run(self.close_op)

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]

    def dequeue(self, batch_size):
        return self.queue.dequeue_many(batch_size)
