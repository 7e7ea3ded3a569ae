import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Dataset(object):
    """A simple class for handling retina data sets (tfrecord shards in a folder)."""

    def __init__(self, name, data_dir, num_classes=5, file_pattern='*.tfrecords', features=None):
        self.name = name
        self.data_dir = data_dir
        self.num_classes = num_classes
        self.file_pattern = file_pattern
        self.features = features or {
            'image/encoded': tf.FixedLenFeature([], tf.string),
            'image/class/label': tf.FixedLenFeature([], tf.int64),
            'image/filename': tf.FixedLenFeature([], tf.string),
        }

    def data_files(self):
        return sorted(glob.glob(os.path.join(self.data_dir, self.file_pattern)))


def write_shards(data_dir, shards=3, per_shard=4, seed=37):
    rng = np.random.RandomState(seed)
    for s in range(shards):
        with tf.python_io.TFRecordWriter(os.path.join(data_dir, 'train-%05d-of-%05d.tfrecords' % (s, shards))) as w:
            for i in range(per_shard):
                pixels = rng.randint(0, 256, (2, 2, 3)).astype(np.uint8)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pixels.tobytes()])),
                    'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[(s + i) % 5])),
                    'image/filename': tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[('%d_left.jpeg' % (s * per_shard + i)).encode()])),
                }))
                w.write(ex.SerializeToString())
