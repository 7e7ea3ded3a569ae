import os

import tensorflow.compat.v1 as tf


def shards(folder, count=2, per=3):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    for s in range(count):
        with tf.python_io.TFRecordWriter(os.path.join(folder, "bit_%d.tfrecord" % s)) as w:
            for i in range(per):
                n = s * per + i
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    "n": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                    "v": tf.train.Feature(float_list=tf.train.FloatList(value=[n * 0.5]))})).SerializeToString())
