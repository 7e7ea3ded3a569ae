"""The abstract feed: subclasses say where the data is and how one record is parsed; the base class reads
with several readers and joins them into batches (the Inception-era feed classes)."""

from abc import ABCMeta
from abc import abstractmethod

import tensorflow.compat.v1 as tf


class Feed(object):
    __metaclass__ = ABCMeta

    def __init__(self, subset, args):
        self.subset = subset
        self.args = args

    @abstractmethod
    def data_files(self):
        """A list of the files of this subset."""

    @abstractmethod
    def parse_example(self, example_serialized):
        """Parses one serialized record into (values, label)."""

    def reader(self):
        return tf.TFRecordReader()

    def batch_inputs(self, num_readers=None):
        num_readers = num_readers or self.args.num_readers
        with tf.name_scope("batch_processing"):
            data_files = self.data_files()
            filename_queue = tf.train.string_input_producer(data_files, shuffle=False,
                                                            num_epochs=self.args.num_epochs)
            examples = []
            for _ in range(num_readers):
                reader = self.reader()
                _, value = reader.read(filename_queue)
                values, label = self.parse_example(value)
                examples.append([values, label])
            values_batch, label_batch = tf.train.batch_join(
                examples, batch_size=self.args.batch_size,
                capacity=2 * num_readers * self.args.batch_size,
                allow_smaller_final_batch=True)
            return values_batch, tf.reshape(label_batch, [-1])
