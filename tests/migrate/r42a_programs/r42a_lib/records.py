import numpy as np
import tensorflow.compat.v1 as tf


def write(path, start, count):
    with tf.python_io.TFRecordWriter(path) as w:
        for i in range(start, start + count):
            ex = tf.train.Example(features=tf.train.Features(feature={
                "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i, i / 2.0])),
                "y": tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3]))}))
            w.write(ex.SerializeToString())


def files(data_dir, name):
    import os
    folder = os.path.join(data_dir, name)
    os.makedirs(folder, exist_ok=True)
    out = [os.path.join(folder, "part%d.tfrecord" % k) for k in range(2)]
    write(out[0], 0, 5)
    write(out[1], 5, 4)
    return out
