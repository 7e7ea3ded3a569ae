"""Writes tiny IAM-like line records: a 3x8 grey line image and its character ids."""
import os

import numpy as np
import tensorflow as tf

VOCAB = " abcdefghijklmnopqrstuvwxyz'."
WORDS = ["the", "ink", "was", "dry", "on", "a", "quiet", "page", "we", "read",
         "old", "notes"]


def encode(word):
    return [VOCAB.index(c) for c in word]


def write_shards(folder, n_shards=2, seed=5):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(seed)
    per = len(WORDS) // n_shards
    paths = []
    for s in range(n_shards):
        path = os.path.join(folder, "handwritten-test-%d.tfrecords" % s)
        with tf.io.TFRecordWriter(path) as w:
            for word in WORDS[s * per:(s + 1) * per]:
                image = np.round(rng.rand(3 * 8), 2).astype(np.float32)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "seq_len": tf.train.Feature(int64_list=tf.train.Int64List(value=[2 * len(word)])),
                    "target": tf.train.Feature(int64_list=tf.train.Int64List(value=encode(word))),
                    "imageInput": tf.train.Feature(float_list=tf.train.FloatList(value=image.tolist())),
                }))
                w.write(ex.SerializeToString())
        paths.append(path)
    return os.path.join(folder, "handwritten-test-{}.tfrecords")
