"""A pooled read: k reader objects of a class the caller names each read the file queue into one common queue,
their enqueue ops run by a QueueRunner made in a method of a pool object."""
from tensorflow.compat.v1 import gfile
import tensorflow.compat.v1 as tf


class ReaderPool(object):

    def __init__(self, make_reader, queue, size=2):
        self._readers = [make_reader() for _ in range(size)]
        self._queue = queue

    def pull(self, file_queue):
        ops = [self._queue.enqueue(r.read(file_queue)) for r in self._readers]
        tf.train.add_queue_runner(tf.train.QueueRunner(self._queue, ops))
        return self._queue.dequeue()


def expand(pattern):
    return sorted(gfile.Glob(pattern))


def pooled_read(pattern, make_reader, size=2, mix=False, epochs=None, room=16, floor=4):
    file_queue = tf.train.string_input_producer(expand(pattern), num_epochs=epochs, shuffle=mix)
    kinds = [tf.string, tf.string]
    if mix:
        queue = tf.RandomShuffleQueue(capacity=room, min_after_dequeue=floor, dtypes=kinds, seed=3)
    else:
        queue = tf.FIFOQueue(capacity=room, dtypes=kinds)
    return ReaderPool(make_reader, queue, size=size).pull(file_queue)
