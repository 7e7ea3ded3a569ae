import os

import numpy as np
import tensorflow.compat.v1 as tf

GATES = [b"north", b"south", b"pier"]


def write_shards(folder, shards=2, per_shard=6, seed=5310):
    rng = np.random.RandomState(seed)
    files = []
    ticket = 7000
    for s in range(shards):
        name = os.path.join(folder, "scans_%d.tfrecord" % s)
        with tf.python_io.TFRecordWriter(name) as w:
            for _ in range(per_shard):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "ticket": tf.train.Feature(int64_list=tf.train.Int64List(value=[ticket])),
                    "gate": tf.train.Feature(bytes_list=tf.train.BytesList(value=[GATES[ticket % 3]])),
                    "price": tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.randint(2, 9))])),
                }))
                w.write(ex.SerializeToString())
                ticket += 1
        files.append(name)
    return files
