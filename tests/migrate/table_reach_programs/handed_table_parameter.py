"""A table made by a helper that returns it (`load_table()`), handed to the batch helper as a parameter and on
to the reading helper (round 60's TextCNN input: the one-shot iterator could not hold the captured table)."""

import glob
import os

import tensorflow.compat.v1 as tf

WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight']


def load_table():
    table = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant(WORDS), tf.range(len(WORDS), dtype=tf.int64)), -1)
    return table


def read_one(filename_queue, vocab):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    features = tf.parse_single_example(serialized, {'label': tf.FixedLenFeature([], tf.int64)})
    word = tf.gather(tf.constant(WORDS), features['label'] % 9)
    return features['label'], vocab.lookup(word)


def get_batch(files, vocab, batch_size):
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    label, ident = read_one(filename_queue, vocab)
    return tf.train.batch([label, ident], batch_size=batch_size)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    table = load_table()
    label, ident = get_batch(files, table, 12)
    batches = []
    sess = tf.Session()
    sess.run([tf.local_variables_initializer(), tf.tables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            x, y = sess.run([label, ident])
            batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'OutOfRangeError'}
