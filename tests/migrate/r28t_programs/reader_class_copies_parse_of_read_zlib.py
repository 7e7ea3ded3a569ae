"""Round 28's tefla ``Reader`` in one module: ``[self.parse_example(self.single_reader(queue)) for _ in
range(self.num_readers)]`` into ``batch_join``, each reader ``TFRecordReader(**self.reader_kwargs)``, the class
made once with ``reader_kwargs=dict(options=...ZLIB...)``."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Reader(object):

    def __init__(self, files, features, reader_kwargs=None, num_readers=2, num_epochs=None):
        self.files = files
        self.features = features
        self.reader_kwargs = reader_kwargs or {}
        self.num_readers = num_readers
        self.num_epochs = num_epochs

    def single_reader(self, filename_queue):
        reader = tf.TFRecordReader(**self.reader_kwargs)
        _, record = reader.read(filename_queue)
        return record

    def parse_example(self, record):
        parsed = tf.parse_single_example(record, self.features)
        return parsed['id'], parsed['feats'] * 2.0

    def batch_inputs(self, batch_size):
        with tf.name_scope('batch_processing'):
            filename_queue = tf.train.string_input_producer(self.files, num_epochs=self.num_epochs, shuffle=False)
            examples = [self.parse_example(self.single_reader(filename_queue)) for _ in range(self.num_readers)]
            return tf.train.batch_join(examples, batch_size=batch_size, capacity=16)


def write(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    files = []
    for s in range(4):
        path = os.path.join(data_dir, 'r-%d.tfrecord' % s)
        with tf.python_io.TFRecordWriter(path, options=tf.python_io.TFRecordOptions(
                tf.python_io.TFRecordCompressionType.ZLIB)) as w:
            for k in range(3):
                idx = s * 3 + k
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'id': tf.train.Feature(int64_list=tf.train.Int64List(value=[idx])),
                    'feats': tf.train.Feature(float_list=tf.train.FloatList(value=[idx / 8.0, 1.0]))}))
                w.write(ex.SerializeToString())
        files.append(path)
    return files


def main(data_dir):
    files = write(os.path.join(data_dir, 'r28t_copies'))
    features = {'id': tf.FixedLenFeature([], tf.int64), 'feats': tf.FixedLenFeature([2], tf.float32)}
    reader = Reader(files, features, num_epochs=1,
                    reader_kwargs=dict(options=tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.ZLIB)))
    ids, feats = reader.batch_inputs(3)
    batches = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess, coord)
    try:
        while True:
            i, f = sess.run([ids, feats])
            batches.append([i.tolist(), np.round(f, 3).tolist()])
    except tf.errors.OutOfRangeError:
        end = 'done'
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
