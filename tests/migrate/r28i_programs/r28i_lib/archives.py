"""Writers and a decoder of plain and GZIP record shards (the decoder chooses its reader by a flag)."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def write_shards(root, prefix, start, count, gzip):
    os.makedirs(root, exist_ok=True)
    opts = tf1.io.TFRecordOptions(tf1.io.TFRecordCompressionType.GZIP) if gzip else None
    for shard in range(2):
        path = os.path.join(root, '%s_%d.rec' % (prefix, shard))
        with tf1.io.TFRecordWriter(path, options=opts) as w:
            for k in range(count // 2):
                idx = start + shard * (count // 2) + k
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'idx': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx])),
                    'v': tf.train.Feature(float_list=tf.train.FloatList(value=[idx * 0.5, idx * 0.25])),
                }))
                w.write(ex.SerializeToString())


def read_shards(files, plain=True):
    queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    if not plain:
        reader = tf1.TFRecordReader(options=tf1.io.TFRecordOptions(tf1.io.TFRecordCompressionType.GZIP))
    else:
        reader = tf1.TFRecordReader()
    _, serialized = reader.read(queue)
    ex = tf1.parse_single_example(serialized, {
        'idx': tf1.FixedLenFeature([], tf.int64),
        'v': tf1.FixedLenFeature([2], tf.float32),
    })
    return ex['idx'], ex['v'] * 2.0
