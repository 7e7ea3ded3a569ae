"""A feed base whose own method (no closure) batches what the subclass's methods read."""
import tensorflow.compat.v1 as tf


class Feed(object):

    def __init__(self, files, batch_size):
        self.files = files
        self.batch_size = batch_size

    def batches(self):
        serialized = self.read_one()
        example = self.parse(serialized)
        return tf.train.batch(example, batch_size=self.batch_size)

    def read_one(self):
        raise NotImplementedError

    def parse(self, serialized):
        return serialized


class CsvFeed(Feed):

    def read_one(self):
        self.files_queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        return tf.TextLineReader().read(self.files_queue)[1]
