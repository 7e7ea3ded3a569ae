"""Writes small TFRecord shards of (glaze, cone) examples: 12 rows, 6 a shard."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write(folder, shards=2, per_shard=6):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(66)
    paths, row = [], 0
    for shard in range(shards):
        path = os.path.join(folder, "glaze-%d.rec" % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for _ in range(per_shard):
                glaze = rng.uniform(0, 1, size=[3]).astype(np.float32)
                feature = {
                    "glaze": tf.train.Feature(float_list=tf.train.FloatList(value=glaze.tolist())),
                    "cone": tf.train.Feature(int64_list=tf.train.Int64List(value=[row])),
                }
                w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
                row += 1
        paths.append(path)
    return os.path.join(folder, "glaze-*.rec")
