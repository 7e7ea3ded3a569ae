"""Tiny TFRecord shards, compressed as asked, that each program writes for itself."""
import os

import tensorflow.compat.v1 as tf


def write_shards(folder, compression, shards=2, per_shard=5):
    os.makedirs(folder, exist_ok=True)
    options = tf.python_io.TFRecordOptions(compression_type=compression)
    paths = []
    for shard in range(shards):
        path = os.path.join(folder, "part-%d.tfr" % shard)
        with tf.python_io.TFRecordWriter(path, options=options) as writer:
            for i in range(per_shard):
                example = tf.train.Example(features=tf.train.Features(feature={
                    "idx": tf.train.Feature(int64_list=tf.train.Int64List(value=[shard * 100 + i])),
                    "level": tf.train.Feature(float_list=tf.train.FloatList(value=[0.5 * i + shard])),
                }))
                writer.write(example.SerializeToString())
        paths.append(path)
    return paths
