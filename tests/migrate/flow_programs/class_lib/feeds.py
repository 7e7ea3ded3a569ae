"""An abstract feed (ABCMeta): subclasses in other modules give the files and parse one record; the base makes
the readers by its own factory method in a `for _ in range(num_readers):` loop and joins them."""

import abc

import tensorflow.compat.v1 as tf


class Feed(metaclass=abc.ABCMeta):

    def __init__(self, data_dir, batch_size, num_epochs=1):
        self.data_dir = data_dir
        self.batch_size = batch_size
        self.num_epochs = num_epochs

    @abc.abstractmethod
    def files(self):
        """The files of this feed."""

    @abc.abstractmethod
    def parse(self, serialized):
        """One record into its tensors."""

    def reader(self):
        return tf.TFRecordReader()

    def batch_inputs(self, num_readers):
        with tf.name_scope('feed_inputs'):
            filename_queue = tf.train.string_input_producer(self.files(), num_epochs=self.num_epochs,
                                                            shuffle=False)
            examples = []
            for _ in range(num_readers):
                reader = self.reader()
                _, serialized = reader.read(filename_queue)
                x, label = self.parse(serialized)
                examples.append([x, label])
            x_batch, label_batch = tf.train.batch_join(examples, batch_size=self.batch_size,
                                                       capacity=4 * self.batch_size,
                                                       allow_smaller_final_batch=True)
            return x_batch, label_batch
