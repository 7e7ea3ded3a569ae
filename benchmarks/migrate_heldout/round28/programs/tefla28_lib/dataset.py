"""Dataset description: where the shards are and how a record is parsed."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Dataset(object):
    """A sharded, GZIP-compressed TFRecord dataset."""

    def __init__(self, name, data_dir, num_shards=3, per_shard=4):
        self.name = name
        self.data_dir = data_dir
        self.num_shards = num_shards
        self.per_shard = per_shard
        self.compression = tf.python_io.TFRecordCompressionType.GZIP

    def write(self):
        os.makedirs(self.data_dir, exist_ok=True)
        options = tf.python_io.TFRecordOptions(self.compression)
        for s in range(self.num_shards):
            path = os.path.join(self.data_dir, '%s-%05d-of-%05d.tfrecord.gz' % (self.name, s, self.num_shards))
            with tf.python_io.TFRecordWriter(path, options=options) as w:
                for k in range(self.per_shard):
                    idx = s * self.per_shard + k
                    feats = (np.arange(4, dtype=np.float32) + idx) / 10.0
                    ex = tf.train.Example(features=tf.train.Features(feature={
                        'image/id': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx])),
                        'image/feats': tf.train.Feature(float_list=tf.train.FloatList(value=feats.tolist())),
                        'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx % 3])),
                    }))
                    w.write(ex.SerializeToString())

    def data_files(self):
        return sorted(tf.gfile.Glob(os.path.join(self.data_dir, self.name + '-*')))

    @property
    def features(self):
        return {
            'image/id': tf.FixedLenFeature([], tf.int64),
            'image/feats': tf.FixedLenFeature([4], tf.float32),
            'image/class/label': tf.FixedLenFeature([], tf.int64, default_value=-1),
        }
