import os
import numpy as np
import tensorflow.compat.v1 as tf


def write_scans(folder, num_bells=12, num_points=8, per_file=6):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(1857)
    names = []
    for f in range(num_bells // per_file):
        name = os.path.join(folder, 'bells_%d.tfrecords' % f)
        with tf.io.TFRecordWriter(name) as writer:
            for b in range(per_file):
                idx = f * per_file + b
                pts = np.round(rng.uniform(-1, 1, size=(num_points, 3)), 2).astype(np.float32)
                feature = {
                    'points': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pts.tobytes()])),
                    'distance': tf.train.Feature(float_list=tf.train.FloatList(value=[220.0 + 10 * idx])),
                    'numpoints': tf.train.Feature(int64_list=tf.train.Int64List(value=[num_points])),
                }
                writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
        names.append(name)
    return names
