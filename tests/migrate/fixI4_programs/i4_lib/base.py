"""An abstract source (Python 3 ``abc.ABC``): the template method builds the pipeline, the hook makes the reader."""
import abc

import tensorflow.compat.v1 as tf


class RowSource(abc.ABC):
    def __init__(self, files, batch_size, width):
        self.files = files
        self.batch_size = batch_size
        self.width = width

    @abc.abstractmethod
    def make_reader(self):
        """The reader of one file's records."""

    @abc.abstractmethod
    def parse_record(self, value):
        raise NotImplementedError

    def get_batch(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        reader = self.make_reader()
        _, value = reader.read(queue)
        return tf.train.batch(self.parse_record(value), batch_size=self.batch_size, capacity=16)
