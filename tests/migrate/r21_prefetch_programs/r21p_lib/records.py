"""The data set the Inception-style programs read: shards of records and the reader made for them."""

import os

import tensorflow.compat.v1 as tf


class Shards(object):
    """Some shards of records."""

    def __init__(self, data_dir, shards=(0, 1, 2, 3)):
        self.data_dir = data_dir
        self.shards = shards

    def data_files(self):
        return [os.path.join(self.data_dir, "records-%d.tfrecord" % i) for i in self.shards]

    def reader(self):
        """Return a reader for a single entry from the data set."""
        return tf.TFRecordReader()
