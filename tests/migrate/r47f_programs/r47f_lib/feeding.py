import threading

import tensorflow as tf


class ListFeeder(threading.Thread):
    def __init__(self, rows, placeholders, queue_size=4):
        super(ListFeeder, self).__init__()
        self.daemon = True
        self.rows = rows
        self.placeholders = placeholders
        self.queue = tf.queue.FIFOQueue(queue_size, [ph.dtype for ph in placeholders if ph is not None],
                                        shapes=[ph.get_shape() for ph in placeholders if not ph is None])
        self.op = self.queue.enqueue(placeholders)
        self.done_op = self.queue.close()
        self._sess = None

    def set_session(self, sess):
        self._sess = sess

    def run(self):
        for row in self.rows:
            feed = dict(zip(self.placeholders, row))
            self._sess.run(self.op, feed_dict=feed)
        self._sess.run(self.done_op)

    def dequeue(self):
        return self.queue.dequeue()
