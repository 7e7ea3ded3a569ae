import glob
import os

import tensorflow.compat.v1 as tf


class RegattaData(object):
    """Sail photos in TFRecord shards (CIFAR layout: 'image' CHW bytes, 'label' int64 class)."""

    def __init__(self, data_dir, subset):
        self.data_dir = data_dir
        self.subset = subset

    def data_files(self):
        files = sorted(glob.glob(os.path.join(self.data_dir, '%s-*' % self.subset)))
        if not files:
            return None
        return files

    def reader(self):
        return tf.TFRecordReader()
