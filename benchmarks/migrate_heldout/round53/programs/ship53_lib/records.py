import os

import numpy as np
import tensorflow.compat.v1 as tf

SITES = [b"north_reef", b"channel", b"outer_bank", b"harbour_mouth"]


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _float_feature(value):
    return tf.train.Feature(float_list=tf.train.FloatList(value=[value]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def convert_to(out_dir, num_shards=2, per_shard=8, seed=5302):
    """Writes dive_logs-0000N.tfrecords; returns the file names."""
    rng = np.random.RandomState(seed)
    names = []
    dive = 0
    for shard in range(num_shards):
        filename = os.path.join(out_dir, "dive_logs-%05d.tfrecords" % shard)
        writer = tf.python_io.TFRecordWriter(filename)
        for _ in range(per_shard):
            example = tf.train.Example(features=tf.train.Features(feature={
                "dive_id": _int64_feature(dive),
                "depth_m": _float_feature(float(np.round(rng.uniform(5, 45), 1))),
                "visibility_m": _float_feature(float(np.round(rng.uniform(1, 20), 1))),
                "site": _bytes_feature(SITES[dive % len(SITES)]),
            }))
            writer.write(example.SerializeToString())
            dive += 1
        writer.close()
        names.append(filename)
    return names
