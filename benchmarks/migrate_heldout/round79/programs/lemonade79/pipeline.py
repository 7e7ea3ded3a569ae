"""In-memory sales pipeline: an index producer over the rows of a numpy table, `dequeue_many` of indices and
`tf.gather` of the rows."""
import numpy as np
import tensorflow.compat.v1 as tf


class SalesPipeline(object):

    def __init__(self, table_path, batch_size, num_epochs=None, shuffle=False):
        table = np.load(table_path)
        self.num_rows = table.shape[0]
        self.batch_size = batch_size
        self._table = tf.constant(table[:, 1:], dtype=tf.float32, name='sales_table')
        self._stand_ids = tf.constant(table[:, 0].astype(np.int64), name='stand_ids')
        self._index_queue = tf.train.range_input_producer(self.num_rows, num_epochs=num_epochs,
                                                          shuffle=shuffle, capacity=2 * batch_size,
                                                          name='sales_index')

    def next_batch(self):
        idx = self._index_queue.dequeue_many(self.batch_size)
        return tf.gather(self._stand_ids, idx), tf.gather(self._table, idx)
