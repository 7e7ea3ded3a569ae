"""Small library that points to the landmark photos in TFRecord format."""

import os

import tensorflow.compat.v1 as tf


class Dataset(object):
    """A simple class for handling data sets."""

    def __init__(self, name, subset, data_dir):
        assert subset in self.available_subsets(), self.available_subsets()
        self.name = name
        self.subset = subset
        self.data_dir = data_dir

    def available_subsets(self):
        return ['train', 'validation']

    def data_files(self):
        tf_record_pattern = os.path.join(self.data_dir, '%s-*' % self.subset)
        data_files = tf.gfile.Glob(tf_record_pattern)
        if not data_files:
            raise ValueError('No files found for dataset %s/%s at %s' % (self.name, self.subset, self.data_dir))
        return sorted(data_files)

    def reader(self):
        """Return a reader for a single entry from the data set."""
        return tf.TFRecordReader()


class LandmarksData(Dataset):
    """Landmarks data set."""

    def __init__(self, subset, data_dir):
        super(LandmarksData, self).__init__('Landmarks', subset, data_dir)

    def num_classes(self):
        return 4

    def num_examples_per_epoch(self):
        if self.subset == 'train':
            return 24
        return 12
