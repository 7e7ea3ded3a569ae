"""A small Dataset class (inception's dataset.py layout): where the shards are and how to read them."""

import os

import tensorflow.compat.v1 as tf


class Dataset(object):

    def __init__(self, name, subset, data_dir):
        assert subset in self.available_subsets(), self.available_subsets()
        self.name = name
        self.subset = subset
        self.data_dir = data_dir

    def num_classes(self):
        return 180

    def num_examples_per_epoch(self):
        return 180 if self.subset == 'train' else 90

    def available_subsets(self):
        return ['train', 'validation']

    def data_files(self):
        tf_record_pattern = os.path.join(self.data_dir, 'records-*.tfrecord')
        data_files = sorted(tf.gfile.Glob(tf_record_pattern))
        if not data_files:
            raise ValueError('No files found for dataset %s/%s at %s' % (self.name, self.subset, self.data_dir))
        if self.subset == 'validation':
            data_files = data_files[:2]
        return data_files

    def reader(self):
        return tf.TFRecordReader()
