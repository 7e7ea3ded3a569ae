import abc

import tensorflow.compat.v1 as tf


class DataSource(object):
    """Base of the telemetry sources: a file queue, a reader, a parse step and a batch."""
    __metaclass__ = abc.ABCMeta

    def __init__(self, files, batch_size, num_epochs=None):
        self.files = files
        self.batch_size = batch_size
        self.num_epochs = num_epochs

    @abc.abstractmethod
    def make_reader(self):
        pass

    @abc.abstractmethod
    def parse_record(self, value):
        pass

    def get_batch(self):
        queue = tf.train.string_input_producer(self.files, num_epochs=self.num_epochs, shuffle=False)
        _, value = self.make_reader().read(queue)
        tensors = self.parse_record(value)
        return tf.train.batch(tensors, batch_size=self.batch_size, num_threads=1, capacity=32)


class ContainerTemperatureSource(DataSource):
    RECORD_FLOATS = 4

    def make_reader(self):
        return tf.FixedLengthRecordReader(record_bytes=4 * (self.RECORD_FLOATS + 1))

    def parse_record(self, value):
        row = tf.decode_raw(value, tf.float32)
        row.set_shape([self.RECORD_FLOATS + 1])
        container_id = tf.cast(row[0], tf.int32)
        temps = row[1:]
        return [container_id, temps]
