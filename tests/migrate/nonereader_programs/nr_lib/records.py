"""Writes small tf.Example shards: an id, a word and a variable-length list of ints per record."""
import os

import tensorflow.compat.v1 as tf

WORDS = ['ash', 'elm', 'oak', 'yew', 'fir', 'box']


def write_shards(folder, shards=2, per_shard=6):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    n = 0
    for s in range(shards):
        with tf.python_io.TFRecordWriter(os.path.join(folder, 'rec-%d.tfrecord' % s)) as w:
            for _ in range(per_shard):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                    'word': tf.train.Feature(bytes_list=tf.train.BytesList(value=[WORDS[n % 6].encode()])),
                    'codes': tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(1, n % 4 + 2)))),
                }))
                w.write(ex.SerializeToString())
                n += 1
    return os.path.join(folder, 'rec-*.tfrecord')
