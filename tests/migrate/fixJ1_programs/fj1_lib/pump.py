import threading

import tensorflow.compat.v1 as tf


class Pump(threading.Thread):
    """A feeding thread making its queue from the class it is handed; run() is the feeding loop."""

    def __init__(self, queue_class, tensors, capacity):
        threading.Thread.__init__(self)
        self.daemon = True
        self.tensors = tensors
        self.q = queue_class(capacity, dtypes=[t.dtype for t in self.tensors],
                             shapes=[t.get_shape() for t in self.tensors])
        self.push = self.q.enqueue(self.tensors)
        self.finish = self.q.close()
        self.should_stop = False

    def prepare(self, sess, make_rows):
        self.sess = sess
        self.make_rows = make_rows

    def take(self, n):
        return self.q.dequeue_many(n)

    def run(self):
        for row in self.make_rows():
            if self.should_stop:
                break
            self.sess.run(self.push, feed_dict=dict(zip(self.tensors, row)))
        self.sess.run(self.finish)
