import os

import numpy as np
import tensorflow as tf


def write_runs(directory, runs=3):
    """One TFRecord file; each record: eight readings and a run id."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "runs.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        for run in range(runs):
            readings = np.arange(8, dtype=np.float32) + 10 * run
            example = tf.train.Example(features=tf.train.Features(feature={
                "readings": tf.train.Feature(float_list=tf.train.FloatList(value=list(readings))),
                "run": tf.train.Feature(int64_list=tf.train.Int64List(value=[run])),
            }))
            writer.write(example.SerializeToString())
    return [path]
