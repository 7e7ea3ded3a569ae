"""Small CSV and TFRecord shards of uneven lengths, each with its own header where it is CSV."""
import os

import tensorflow.compat.v1 as tf

LENGTHS = (5, 0, 3, 7)


def csv_shards(folder):
    os.makedirs(folder, exist_ok=True)
    files, k = [], 0
    for i, n in enumerate(LENGTHS):
        path = os.path.join(folder, "part_%d.csv" % i)
        with open(path, "w") as f:
            f.write("id,weight,label\n")
            for _ in range(n):
                f.write("r%02d,%.1f,%d\n" % (k, 1.5 * k, k % 3))
                k += 1
        files.append(path)
    return files


def record_shards(folder):
    os.makedirs(folder, exist_ok=True)
    files, k = [], 0
    for i, n in enumerate(LENGTHS):
        path = os.path.join(folder, "part_%d.tfrecord" % i)
        with tf.io.TFRecordWriter(path) as w:
            for _ in range(n):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "idx": tf.train.Feature(int64_list=tf.train.Int64List(value=[k])),
                    "score": tf.train.Feature(float_list=tf.train.FloatList(value=[0.25 * k]))}))
                w.write(ex.SerializeToString())
                k += 1
        files.append(path)
    return files
