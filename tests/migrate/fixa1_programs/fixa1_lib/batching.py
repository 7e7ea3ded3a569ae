"""A batching base class: a subclass says how one record of the file queue is read and decoded."""
import os

import tensorflow.compat.v1 as tf


class RecordBatcher(object):
    def __init__(self, folder, train_name, eval_name):
        self.folder = folder
        self.train_name = train_name
        self.eval_name = eval_name

    def decode_row(self, filename_queue):
        """The tensors of one record read from ``filename_queue``."""
        raise NotImplementedError('a subclass decodes its records')

    def _batch(self, name, batch_size, shuffle, seed=None):
        path = os.path.join(self.folder, name)
        filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
        example = self.decode_row(filename_queue)
        if shuffle:
            return tf.train.shuffle_batch(example, batch_size=batch_size, capacity=32, min_after_dequeue=4,
                                          num_threads=2, seed=seed)
        return tf.train.batch(example, batch_size=batch_size)

    def train_batch(self, batch_size, seed=None):
        return self._batch(self.train_name, batch_size, True, seed)

    def eval_batch(self, batch_size):
        return self._batch(self.eval_name, batch_size, False)
