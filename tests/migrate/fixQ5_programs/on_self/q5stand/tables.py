"""Index producers kept on the object by ``__init__`` and dequeued in another method."""
import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class RowPipeline(object):

    def __init__(self, table, batch_size, num_epochs=None, shuffle=False):
        self.rows = table.shape[0]
        self.batch_size = batch_size
        self._values = tf.constant(table, dtype=tf.float32)
        self._order = tf.train.range_input_producer(self.rows, num_epochs=num_epochs, shuffle=shuffle,
                                                    capacity=2 * batch_size)

    def next_batch(self):
        idx = self._order.dequeue_many(self.batch_size)
        return idx, tf.gather(self._values, idx)


class LabelFeed:
    def __init__(this, labels, epochs):
        this.labels = tf.constant(labels, dtype=tf.int64)
        this.q = train.input_producer(this.labels, num_epochs=epochs, shuffle=False)

    def take(me):
        got = me.q.dequeue_many(3)
        return got * 10
