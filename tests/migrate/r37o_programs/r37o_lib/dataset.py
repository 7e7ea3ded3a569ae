import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Shards(object):
    """Record shards in a folder."""

    def __init__(self, data_dir, pattern='*.tfrecords'):
        self.data_dir = data_dir
        self.pattern = pattern
        self.features = {
            'pixels': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64),
        }

    def data_files(self):
        return sorted(glob.glob(os.path.join(self.data_dir, self.pattern)))


def write_shards(data_dir, shards=3, per_shard=4, seed=7):
    os.makedirs(data_dir, exist_ok=True)
    rng = np.random.RandomState(seed)
    for s in range(shards):
        with tf.python_io.TFRecordWriter(os.path.join(data_dir, 'part-%d.tfrecords' % s)) as w:
            for i in range(per_shard):
                pixels = rng.randint(0, 256, (2, 3)).astype(np.uint8)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'pixels': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pixels.tobytes()])),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[s * per_shard + i])),
                }))
                w.write(ex.SerializeToString())
