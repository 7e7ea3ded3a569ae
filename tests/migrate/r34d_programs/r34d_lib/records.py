"""Writes small TFRecord shards of (pixels, label, name) examples for the r34d programs."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

NAMES = ["beagle", "husky", "pug"]


def write_shards(folder, shards=2, per_shard=6):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(34)
    files, index = [], 0
    for shard in range(shards):
        path = os.path.join(folder, "part_%d.tfrecord" % shard)
        with tf.python_io.TFRecordWriter(path) as w:
            for _ in range(per_shard):
                pixels = rng.randint(0, 255, size=(2, 2, 3)).astype(np.uint8)
                feature = {
                    "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[pixels.tobytes()])),
                    "image/class/label": tf.train.Feature(int64_list=tf.train.Int64List(value=[index])),
                    "image/class/text": tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[NAMES[index % 3].encode()])),
                }
                w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
                index += 1
        files.append(path)
    return files
