import os

import numpy as np
import tensorflow.compat.v1 as tf

from art42_lib.cf_container import Config as cf

ARTISTS = ['hokusai', 'rembrandt', 'monet', 'kahlo']


def make_records(path, shards=2, per_shard=4, seed=4214):
    if not os.path.isdir(path):
        os.makedirs(path)
    rng = np.random.RandomState(seed)
    for shard in range(shards):
        name = os.path.join(path, 'wikiart-%05d-of-%05d.tfrecords' % (shard, shards))
        with tf.python_io.TFRecordWriter(name) as writer:
            for i in range(per_shard + shard):
                img = rng.randint(0, 256, size=(cf.img_height, cf.img_width, cf.img_depth)).astype(np.uint8)
                tar = int(rng.randint(0, len(ARTISTS)))
                year = int(1600 + rng.randint(0, 350))
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "img": tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                    "tar": tf.train.Feature(int64_list=tf.train.Int64List(value=[tar])),
                    "year": tf.train.Feature(int64_list=tf.train.Int64List(value=[year])),
                })).SerializeToString())
