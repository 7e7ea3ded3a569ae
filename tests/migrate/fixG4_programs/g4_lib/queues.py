"""An abstract input queue whose batch method batches the tensors its subclass's reader methods made."""
import abc

import tensorflow.compat.v1 as tf


class InputQueueBase(object):
    def __init__(self, csv_path, batch_size=2, num_epochs=1):
        self.csv_path = csv_path
        self.batch_size = batch_size
        self.num_epochs = num_epochs

    def rows(self, defaults):
        queue = tf.train.string_input_producer([self.csv_path], num_epochs=self.num_epochs, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        return tf.decode_csv(line, record_defaults=defaults)

    def ordered_batch(self, tensors):
        """Batches what it is given, in order."""
        capacity = 4 * self.batch_size
        batched = tf.train.batch(tensors=tensors, batch_size=self.batch_size, capacity=capacity,
                                 name="ordered_" + str(self.batch_size))
        return batched

    @abc.abstractmethod
    def next_batch(self):
        pass


class PanelQueue(InputQueueBase):
    """The subclass's method returns the base's batch of its tensors."""

    def scaled(self, value):
        return value * 0.5

    def next_batch(self):
        idx, level = self.rows([[0], [0.0]])
        return self.ordered_batch([idx, self.scaled(level)])


class _Middle(InputQueueBase):
    pass


class PairQueue(_Middle):
    """Two levels below the base, the batch bound to names, then returned."""

    def next_batch(self, offset):
        idx, level = self.rows([[0], [0.0]])
        shifted = idx + offset
        ids, levels = self.ordered_batch([shifted, level])
        return ids, levels
