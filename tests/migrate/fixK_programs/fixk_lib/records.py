"""Writes small TFRecord shards of `id`/`depth` examples (no queue here)."""
import os

import tensorflow as tf


def write_shards(out, shards=3, per=4):
    os.makedirs(out, exist_ok=True)
    names = []
    for shard in range(shards):
        name = os.path.join(out, "rec-%05d" % shard)
        with tf.io.TFRecordWriter(name) as w:
            for i in range(per):
                k = shard * per + i
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    "id": tf.train.Feature(int64_list=tf.train.Int64List(value=[k])),
                    "depth": tf.train.Feature(float_list=tf.train.FloatList(value=[1.5 + 0.5 * k])),
                })).SerializeToString())
        names.append(name)
    return names
