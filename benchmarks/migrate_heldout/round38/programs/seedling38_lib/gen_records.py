import os

import numpy as np
import tensorflow as tf

SPECIES = ['Black-grass', 'Charlock', 'Cleavers', 'Maize']


def write_shards(data_dir, name, split, shards, per_shard, image_shape, seed):
    rng = np.random.RandomState(seed)
    for s in range(shards):
        path = os.path.join(data_dir, '%s.%s-%d.tfrecord' % (name, split, s))
        with tf.io.TFRecordWriter(path) as w:
            for i in range(per_shard):
                label = (s * per_shard + i) % len(SPECIES)
                image = rng.randint(0, 256, size=image_shape).astype(np.uint8)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                    'image/class/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
                    'image/species': tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[SPECIES[label].encode()])),
                }))
                w.write(ex.SerializeToString())
