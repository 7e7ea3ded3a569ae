import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_runs(folder, shards=2, per_shard=6):
    rng = np.random.RandomState(11438)
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "heat-%d.tfrecord" % s)
        with tf.io.TFRecordWriter(path) as w:
            for i in range(per_shard):
                touches = rng.randint(0, 2, size=6).astype(np.int64)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "bib": tf.train.Feature(int64_list=tf.train.Int64List(value=[s * 100 + i])),
                    "time": tf.train.Feature(float_list=tf.train.FloatList(value=[float(np.round(rng.uniform(85, 110), 2))])),
                    "touches": tf.train.Feature(int64_list=tf.train.Int64List(value=touches.tolist())),
                }))
                w.write(ex.SerializeToString())
        paths.append(path)
    return paths
