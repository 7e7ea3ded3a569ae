"""Stake records: writer, and a reader helper whose body sits in a named variable scope it never reads."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_stakes(folder, n=8):
    path = os.path.join(folder, "stakes.tfrecords")
    rng = np.random.RandomState(7)
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(n):
            x = np.round(rng.uniform(0.0, 3.0, size=(2, 3)), 2).astype(np.float32)
            ex = tf.train.Example(features=tf.train.Features(feature={
                "x_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[x.tobytes()])),
                "site": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
            }))
            w.write(ex.SerializeToString())
    return [path]


def read_decode(opt, filename_queue):
    with tf.variable_scope("IO") as scope:
        reader = tf.TFRecordReader()
        _, example = reader.read(filename_queue)
        features = tf.parse_single_example(example, features={
            "x_raw": tf.FixedLenFeature([], tf.string),
            "site": tf.FixedLenFeature([], tf.int64),
        })
        x = tf.reshape(tf.decode_raw(features["x_raw"], tf.float32), opt["shape"])
        return x, tf.cast(features["site"], tf.int32)


def inputs(opt, files):
    with tf.name_scope("input"):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        x, site = read_decode(opt, queue)
        xs, sites = tf.train.batch([x, site], batch_size=opt["batch_size"], num_threads=1,
                                   capacity=4 * opt["batch_size"], allow_smaller_final_batch=True)
        return xs, sites
