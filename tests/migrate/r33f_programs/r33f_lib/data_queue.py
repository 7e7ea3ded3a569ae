"""A DataQueue class handed an OrderedDict (or dict) of placeholders: its dtypes and shapes read from them, one
feeding thread started by its own method, enqueue_many chunks, closed at the end."""
import threading

import tensorflow.compat.v1 as tf


class DataQueue(object):

    def __init__(self, placeholder_dict, chunks, capacity=20):
        self.names = list(placeholder_dict.keys())
        self.placeholders = placeholder_dict
        self.chunks = chunks
        self.queue = tf.FIFOQueue(capacity=capacity,
                                  dtypes=[p.dtype for p in self.placeholders.values()],
                                  shapes=[p.get_shape()[1:].as_list() for p in self.placeholders.values()])
        self.enqueue_op = self.queue.enqueue_many(list(self.placeholders.values()))
        self.close_op = self.queue.close()

    def thread_main(self, sess):
        for data in self.chunks():
            sess.run(self.enqueue_op, feed_dict=dict(zip(self.placeholders.values(), data)))
        sess.run(self.close_op)

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]

    def dequeue(self, batch_size):
        return self.queue.dequeue_many(batch_size)
