"""Writes small TFRecord shards of (weight, idx) examples."""
import os

import tensorflow.compat.v1 as tf


def write(folder, shards=2, per_shard=5):
    os.makedirs(folder, exist_ok=True)
    files, index = [], 0
    for shard in range(shards):
        path = os.path.join(folder, "part_%d.tfrecord" % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for _ in range(per_shard):
                feature = {
                    "weight": tf.train.Feature(float_list=tf.train.FloatList(value=[index * 1.5])),
                    "idx": tf.train.Feature(int64_list=tf.train.Int64List(value=[index])),
                }
                w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
                index += 1
        files.append(path)
    return files
