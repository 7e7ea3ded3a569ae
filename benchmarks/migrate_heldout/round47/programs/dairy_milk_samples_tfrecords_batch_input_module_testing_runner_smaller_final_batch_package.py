import os
import random

import numpy as np
import tensorflow as tf

from dairy47_lib import batch_input


def _write(folder):
    rng = random.Random(4712)
    paths = []
    for d in range(2):
        p = os.path.join(folder, "milk_day%d.tfrecords" % d)
        with tf.io.TFRecordWriter(p) as w:
            for _ in range(5):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'sample/farm': tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[rng.choice([b"hoeve", b"alpage", b"croft"])])),
                    'sample/fat': tf.train.Feature(float_list=tf.train.FloatList(value=[round(rng.uniform(3.2, 5.1), 2)])),
                    'sample/protein': tf.train.Feature(float_list=tf.train.FloatList(value=[round(rng.uniform(2.9, 3.8), 2)])),
                    'sample/scc': tf.train.Feature(int64_list=tf.train.Int64List(value=[rng.randint(50, 400)])),
                }))
                w.write(ex.SerializeToString())
        paths.append(p)
    return paths


def main(data_dir):
    folder = os.path.join(data_dir, "h47_milk_samples")
    os.makedirs(folder, exist_ok=True)
    tfrecord_list = _write(folder)

    out = batch_input.run_module_test(tfrecord_list)
    batches = [[[x.decode() for x in f], np.round(c.astype(np.float64), 4).tolist(), s.tolist(),
                np.round(r.astype(np.float64), 4).tolist()] for f, c, s, r in out]
    return {"batches": batches, "end": "samples: %d" % sum(len(b[2]) for b in batches)}
