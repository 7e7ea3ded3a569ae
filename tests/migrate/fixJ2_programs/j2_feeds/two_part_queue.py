"""A two-component feed queue class: dtypes and shapes in local tuples/lists, placeholders read their items,
the queue's shapes a comprehension slicing them, a generator function given to the constructor."""
import threading

import tensorflow.compat.v1 as tf


class PairQueue(object):
    def __init__(self, produce, capacity=16, label_dtype=tf.int64):
        self.produce = produce
        with tf.name_scope('pairs'):
            dtypes = (tf.float32, label_dtype)
            shapes = [[None, 3], [None]]
            self.x_ph = tf.placeholder(dtypes[0], shapes[0])
            self.y_ph = tf.placeholder(dtype=dtypes[-1], shape=shapes[-1])
            self.queue = tf.FIFOQueue(capacity, dtypes, shapes=[shape[1:] for shape in shapes])
            self.push = self.queue.enqueue_many([self.x_ph, self.y_ph])
            self.finish = self.queue.close()

    def feed(self, session):
        for xs, ys in self.produce():
            session.run(self.push, feed_dict={self.x_ph: xs, self.y_ph: ys})
        session.run(self.finish)

    def launch(self, session):
        worker = threading.Thread(target=self.feed, args=(session,))
        worker.daemon = True
        worker.start()
        return worker

    def take(self, n):
        return self.queue.dequeue_up_to(n)
