"""Tiny TFRecord shards of (id, value) records."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_shards(folder, count=12, shards=2):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "part-%d.tfrecords" % s)
        with tf.python_io.TFRecordWriter(path) as w:
            for i in range(s, count, shards):
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                    "value": tf.train.Feature(float_list=tf.train.FloatList(value=[np.float32(i) * 0.5])),
                })).SerializeToString())
        paths.append(path)
    return paths
