"""`import tensorflow as tf` with `tf.compat.v1` spellings: a `StaticVocabularyTable` made in `main` and
handed by keyword to the function that reads, decodes and batches (the per-record code reads the parameter)."""

import glob
import os

import tensorflow as tf

NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']


def pipeline(files, table=None):
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.compat.v1.TFRecordReader().read(queue)
    label = tf.io.parse_single_example(serialized, {'label': tf.io.FixedLenFeature([], tf.int64)})['label']
    ident = table.lookup(tf.gather(tf.constant(NAMES), (label * 2) % 9))
    return tf.compat.v1.train.batch([label, ident], batch_size=12)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    names = tf.lookup.StaticVocabularyTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant(NAMES), tf.range(9, dtype=tf.int64)), num_oov_buckets=1)
    label, ident = pipeline(files, table=names)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.local_variables_initializer(), tf.compat.v1.tables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([label, ident])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'OutOfRangeError'}
