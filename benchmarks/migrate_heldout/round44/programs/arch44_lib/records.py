import os

import numpy as np
import tensorflow as tf

MATERIALS = ["ceramic", "lithic", "bone", "metal"]


def write_finds(folder, shards=2, per_shard=6):
    """Small finds from two trenches: five measurements (length, width, thickness in mm, weight in g,
    depth below datum in cm), the material class and the find number."""
    rng = np.random.RandomState(44)
    paths = []
    n = 0
    for s in range(shards):
        path = os.path.join(folder, "trench_%d.tfrecords" % (s + 1))
        with tf.io.TFRecordWriter(path) as writer:
            for _ in range(per_shard):
                feats = np.round([rng.uniform(5, 80), rng.uniform(3, 40), rng.uniform(1, 12),
                                  rng.uniform(0.5, 60), rng.uniform(10, 140)], 1)
                example = tf.train.Example(features=tf.train.Features(feature={
                    'features': tf.train.Feature(float_list=tf.train.FloatList(value=feats)),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[n % len(MATERIALS)])),
                    'find_no': tf.train.Feature(int64_list=tf.train.Int64List(value=[700 + n])),
                }))
                writer.write(example.SerializeToString())
                n += 1
        paths.append(path)
    return paths
