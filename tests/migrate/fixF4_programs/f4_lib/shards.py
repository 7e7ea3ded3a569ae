"""Record shards of a data folder and the reader that reads them (Inception's ``Dataset``)."""
import glob
import os

import tensorflow.compat.v1 as tf


class Shards(object):

    def __init__(self, data_dir, pattern="records-*.tfrecord"):
        self.data_dir = data_dir
        self.pattern = pattern

    def data_files(self):
        files = sorted(glob.glob(os.path.join(self.data_dir, self.pattern)))
        return files or None

    def examples_per_shard(self):
        return 8

    def reader(self):
        """The reader of one shard's records."""
        return tf.TFRecordReader()
