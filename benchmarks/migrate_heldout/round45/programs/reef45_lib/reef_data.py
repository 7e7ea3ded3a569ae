"""Small library that points to the reef survey data set (shards train-0000x-of-0000N)."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

CLASSES = ['hard_coral', 'soft_coral', 'macroalgae', 'sand']
SITES = ['LIZ-N', 'HER-S', 'OSP-E']


class ReefData(object):
    def __init__(self, subset, data_dir):
        self.subset = subset
        self.data_dir = data_dir

    def num_classes(self):
        return len(CLASSES)

    def num_examples_per_epoch(self):
        return 12

    def data_files(self):
        tf_record_pattern = os.path.join(self.data_dir, '%s-*' % self.subset)
        data_files = tf.gfile.Glob(tf_record_pattern)
        if not data_files:
            raise ValueError('No files found for dataset %s/%s at %s' % (
                'reef', self.subset, self.data_dir))
        return sorted(data_files)


def _encode_pngs(arrays):
    with tf.Graph().as_default():
        ph = tf.placeholder(tf.uint8, [None, None, 3])
        op = tf.image.encode_png(ph)
        with tf.Session() as sess:
            return [sess.run(op, {ph: a}) for a in arrays]


def build_shards(data_dir, num_shards=3, per_shard=4):
    if not os.path.isdir(data_dir):
        os.makedirs(data_dir)
    rng = np.random.RandomState(4504)
    photos = [rng.randint(0, 256, size=(5, 5, 3)).astype(np.uint8) for _ in range(num_shards * per_shard)]
    encoded = _encode_pngs(photos)
    k = 0
    for shard in range(num_shards):
        name = os.path.join(data_dir, 'train-%05d-of-%05d' % (shard, num_shards))
        with tf.python_io.TFRecordWriter(name) as writer:
            for _ in range(per_shard):
                label = (k * 3 + shard) % len(CLASSES)
                example = tf.train.Example(features=tf.train.Features(feature={
                    'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[encoded[k]])),
                    'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
                    'image/class/text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[CLASSES[label].encode()])),
                    'image/site': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('%s-%02d' % (SITES[shard], k)).encode()])),
                }))
                writer.write(example.SerializeToString())
                k += 1
