"""Where the records are and how to read them: a small class whose `reader()` makes the reader."""

import os

import tensorflow.compat.v1 as tf


class Shards(object):

    def __init__(self, data_dir, split):
        self.data_dir = data_dir
        self.split = split

    def files(self):
        found = sorted(tf.gfile.Glob(os.path.join(self.data_dir, "records-*.tfrecord")))
        return found if self.split == "train" else found[:2]

    def reader(self):
        return tf.TFRecordReader()
