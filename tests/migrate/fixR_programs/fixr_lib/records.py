"""Writes small .tfrecords files of windows (shared by the fixR programs)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_windows(folder, n_files, per_file, seed):
    rng = np.random.RandomState(seed)
    if not os.path.exists(folder):
        os.makedirs(folder)
    k = 0
    for i in range(n_files):
        sub = os.path.join(folder, "part_%d" % i)
        if not os.path.exists(sub):
            os.makedirs(sub)
        writer = tf.python_io.TFRecordWriter(os.path.join(sub, "w.tfrecords"))
        for _ in range(per_file):
            data = np.round(rng.randn(2, 3), 3).astype(np.float32)
            ex = tf.train.Example(features=tf.train.Features(feature={
                "data": tf.train.Feature(bytes_list=tf.train.BytesList(value=[data.tobytes()])),
                "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[k % 3])),
                "t0": tf.train.Feature(int64_list=tf.train.Int64List(value=[100 + k])),
            }))
            writer.write(ex.SerializeToString())
            k += 1
        writer.close()
