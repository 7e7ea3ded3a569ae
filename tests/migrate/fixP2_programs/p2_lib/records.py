"""Tiny TFRecord shards of (idx, weight, tag) rows, and a helper reading one row of a file queue."""
import os

import tensorflow.compat.v1 as tf


def write_shards(folder, shards=2, rows=6):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for s in range(shards):
        path = os.path.join(folder, "part-%d.tfrecords" % s)
        with tf.python_io.TFRecordWriter(path) as writer:
            for r in range(rows):
                i = s * rows + r
                example = tf.train.Example(features=tf.train.Features(feature={
                    "idx": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                    "weight": tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.5, i + 0.25])),
                    "tag": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"t%d" % (i % 3)])),
                }))
                writer.write(example.SerializeToString())
        paths.append(path)
    return paths


def read_row(file_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(file_queue)
    parsed = tf.parse_single_example(serialized, {
        "idx": tf.FixedLenFeature([], tf.int64),
        "weight": tf.FixedLenFeature([2], tf.float32),
        "tag": tf.FixedLenFeature([], tf.string),
    })
    return parsed["idx"], parsed["weight"] * 2.0, parsed["tag"]
