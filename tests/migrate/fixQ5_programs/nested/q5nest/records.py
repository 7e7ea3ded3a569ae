"""Record files and two loaders whose reader helper is a ``def`` nested in the loading code."""
import os

import numpy as np
from tensorflow.compat import v1 as tf


def write_records(path, start, count):
    with tf.io.TFRecordWriter(path) as w:
        for i in range(start, start + count):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'v': tf.train.Feature(int64_list=tf.train.Int64List(value=[i, i + 1, i + 2])),
                'y': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3]))}))
            w.write(ex.SerializeToString())
    return path


def _scale(raw):
    return tf.cast(raw, tf.float32) * 0.5


def read_and_decode(queue):
    """The module-level helper of the same name: it doubles, the nested one halves (scope decides)."""
    reader = tf.TFRecordReader()
    _, rec = reader.read(queue)
    feats = tf.parse_single_example(rec, {'v': tf.FixedLenFeature([3], tf.int64),
                                          'y': tf.FixedLenFeature([], tf.int64)})
    return tf.cast(feats['v'], tf.float32) * 2.0, feats['y']


def plain_batches(path, batch_size):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    v, y = read_and_decode(queue)
    return tf.train.batch([v, y], batch_size=batch_size)


class RecordSets(object):
    """Train and test chains from one nested helper, defined after the first producer, closing over ``width``
    and calling a module helper."""

    def __init__(self, train_path, test_path, batch_size):
        width = 3
        train_queue = tf.train.string_input_producer([train_path], num_epochs=1, shuffle=False)

        def read_and_decode(q):
            reader = tf.TFRecordReader()
            _, serialized = reader.read(q)
            feats = tf.parse_single_example(serialized, {'v': tf.FixedLenFeature([width], tf.int64),
                                                         'y': tf.FixedLenFeature([], tf.int64)})
            return _scale(feats['v']), feats['y']

        test_queue = tf.train.string_input_producer([test_path], num_epochs=1, shuffle=False)
        x, y = read_and_decode(train_queue)
        self.train = tf.train.batch([x, y], batch_size=batch_size)
        tx, ty = read_and_decode(test_queue)
        self.test = tf.train.batch([tx, ty], batch_size=batch_size, allow_smaller_final_batch=True)
