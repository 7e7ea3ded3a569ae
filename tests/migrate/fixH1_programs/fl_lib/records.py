"""Tiny TFRecord shards of `Example`s the programs make themselves."""
import os

import tensorflow.compat.v1 as tf


def write_shards(folder, shards=2, per_shard=4):
    os.makedirs(folder, exist_ok=True)
    paths, n = [], 0
    for shard in range(shards):
        path = os.path.join(folder, "rows-%d" % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for _ in range(per_shard):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "idx": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                    "tag": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"r%02d" % n])),
                }))
                w.write(ex.SerializeToString())
                n += 1
        paths.append(path)
    return paths


SPEC = {"idx": tf.FixedLenFeature([], tf.int64), "tag": tf.FixedLenFeature([], tf.string)}
