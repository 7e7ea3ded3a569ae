"""A staging area: the queue it fills is given to it (its runner registered through `tf.train`)."""
import tensorflow.compat.v1 as tf


def new_queue(tensors, capacity):
    return tf.FIFOQueue(capacity, [t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors])


class Stager(object):

    def __init__(self, tensors, capacity=3):
        self.queue = new_queue(tensors, capacity)
        tf.train.add_queue_runner(tf.train.QueueRunner(self.queue, [self.queue.enqueue(tensors)]))

    def take(self):
        return self.queue.dequeue()
