"""Writes small TFRecord shards of (level, tag) examples for the provbase programs."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

TAGS = ["reed", "brass", "skin", "wire"]


def write_shards(folder, shards=2, per_shard=6):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(61)
    files, index = [], 0
    for shard in range(shards):
        path = os.path.join(folder, "chunk_%d.tfrecord" % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for _ in range(per_shard):
                feature = {
                    "level": tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(0, 90))])),
                    "idx": tf.train.Feature(int64_list=tf.train.Int64List(value=[index])),
                    "tag": tf.train.Feature(bytes_list=tf.train.BytesList(value=[TAGS[index % 4].encode()])),
                }
                w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
                index += 1
        files.append(path)
    return files
