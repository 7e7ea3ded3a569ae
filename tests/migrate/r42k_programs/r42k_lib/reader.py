"""A record reader class kept in a module of its own: the reader made in `__init__` as `self.reader`, read in
`feed` with a file queue made there, parsed and batched."""

import os

import tensorflow.compat.v1 as tf

ROOT = 'records'


def record_file(name):
    return os.path.join(ROOT, name + '.tfrecords')


def write_records(name, values):
    if not os.path.isdir(ROOT):
        os.makedirs(ROOT)
    with tf.io.TFRecordWriter(record_file(name)) as writer:
        for v in values:
            example = tf.train.Example(features=tf.train.Features(feature={
                'value': tf.train.Feature(int64_list=tf.train.Int64List(value=[v])),
                'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('%s-%d' % (name, v)).encode()])),
            }))
            writer.write(example.SerializeToString())


class FruitReader:
    def __init__(self, name, batch_size=4):
        self.name = name
        self.records = record_file(name)
        self.batch_size = batch_size
        self.reader = tf.TFRecordReader()

    def feed(self):
        with tf.name_scope(self.name):
            filename_queue = tf.train.string_input_producer([self.records], num_epochs=1, shuffle=False)
            _, serialized = self.reader.read(filename_queue)
            features = tf.parse_single_example(serialized, features={
                'value': tf.FixedLenFeature([], tf.int64),
                'name': tf.FixedLenFeature([], tf.string)})
            value = tf.cast(features['value'], tf.float32) * 0.5
            values, names = tf.train.batch([value, features['name']], batch_size=self.batch_size)
        return values, names
