"""Wine-quality rows as TFRecords: 'features' float list, 'quality' int64, 'colour' bytes."""
import os

import numpy as np
import tensorflow as tf

NUM_FEATURES = 4


def _float_feature(values):
    return tf.train.Feature(float_list=tf.train.FloatList(value=values))


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def convert_to(out_dir, name, rows):
    filename = os.path.join(out_dir, name + ".tfrecords")
    with tf.io.TFRecordWriter(filename) as writer:
        for feats, quality, colour in rows:
            example = tf.train.Example(features=tf.train.Features(feature={
                "features": _float_feature(feats),
                "quality": _int64_feature(quality),
                "colour": _bytes_feature(colour)}))
            writer.write(example.SerializeToString())
    return filename


def make_rows(seed, n):
    rs = np.random.RandomState(seed)
    return [(list(np.round(rs.rand(NUM_FEATURES) * 10, 2)), int(rs.randint(3, 9)),
             b"red" if rs.rand() > 0.5 else b"white") for _ in range(n)]
