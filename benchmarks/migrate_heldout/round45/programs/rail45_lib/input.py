import os
import glob

import numpy as np
import tensorflow as tf


def get_tfrecord_file_names_from_directory(directory):
    names = glob.glob(os.path.join(directory, "*.tfrecord"))
    names.sort()
    return names


def _float_list(values):
    return tf.train.Feature(float_list=tf.train.FloatList(value=list(values)))


def _int_list(values):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=list(values)))


def _bytes_list(values):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=list(values)))


def write_axle_runs(directory, seed=45):
    """One file per measuring train; each record is one run over a track segment:
    twelve axle-box acceleration readings, the axle counter and the segment code."""
    if not os.path.isdir(directory):
        os.makedirs(directory)
    rng = np.random.RandomState(seed)
    counter = 0
    for train_no in ("ICE-208", "RE-4417"):
        path = os.path.join(directory, "labeled_%s.tfrecord" % train_no)
        with tf.io.TFRecordWriter(path) as writer:
            for run in range(2):
                readings = np.round(rng.normal(0.0, 1.0, 12), 3)
                counter += 1
                example = tf.train.Example(features=tf.train.Features(feature={
                    "readings": _float_list(readings),
                    "axle_counter": _int_list([counter * 4]),
                    "segment": _bytes_list([("%s/km%d" % (train_no, 100 + run * 7)).encode()]),
                }))
                writer.write(example.SerializeToString())
