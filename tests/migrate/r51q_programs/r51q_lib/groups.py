"""Ringing records read in groups of up to COUNT, parsed together: no batch op after the read."""
import tensorflow as tf

tf1 = tf.compat.v1

COUNT = 3


class Ringing(object):
    @staticmethod
    def write(path, count, base):
        with tf.io.TFRecordWriter(path) as w:
            for i in range(count):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'bird': tf.train.Feature(int64_list=tf.train.Int64List(value=[base + i])),
                    'sites': tf.train.Feature(int64_list=tf.train.Int64List(value=list(range(i % 3 + 1)))),
                }))
                w.write(ex.SerializeToString())


def read_groups(filename_queue):
    reader = tf1.TFRecordReader()
    _, serialized = reader.read_up_to(filename_queue, COUNT)
    features = tf1.parse_example(serialized, features={
        'bird': tf1.FixedLenFeature([], tf.int64),
        'sites': tf1.VarLenFeature(tf.int64)})
    sites = tf1.sparse_to_indicator(features['sites'], 4)
    return features['bird'], tf.cast(sites, tf.int32)
