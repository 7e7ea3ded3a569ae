"""A feed of the TFRecord files (the base reached through its module: `feeds.Feed`)."""

import glob
import os

import tensorflow.compat.v1 as tf

from class_lib import feeds


class ScaledRecordFeed(feeds.Feed):

    def __init__(self, data_dir, batch_size, scale):
        super().__init__(data_dir, batch_size, num_epochs=2)
        self.scale = scale

    def files(self):
        return sorted(glob.glob(os.path.join(self.data_dir, 'records-*.tfrecord')))

    def parse(self, serialized):
        parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                      'label': tf.FixedLenFeature([], tf.int64)})
        return parsed['x'] * self.scale, tf.cast(parsed['label'], tf.int32)
