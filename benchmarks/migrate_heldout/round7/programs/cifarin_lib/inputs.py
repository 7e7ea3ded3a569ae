"""cifar10_input style for the CSV tables: a reader helper, a batch helper that shuffles or not."""

import os

import tensorflow.compat.v1 as tf

NUM_FILES = 3


def read_table_row(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    a, b, label = tf.decode_csv(value, record_defaults=[[0.0], [0.0], [0]])
    feature = tf.stack([a, b / 2.5])
    return feature, label


def _generate_feature_and_label_batch(feature, label, min_queue_examples, batch_size, shuffle, num_threads):
    if shuffle:
        features, labels = tf.train.shuffle_batch(
            [feature, label], batch_size=batch_size, num_threads=num_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples,
            allow_smaller_final_batch=True)
    else:
        features, labels = tf.train.batch(
            [feature, label], batch_size=batch_size, num_threads=num_threads,
            capacity=min_queue_examples + 3 * batch_size, allow_smaller_final_batch=True)
    return features, tf.reshape(labels, [-1])


def distorted_inputs(data_dir, batch_size, num_epochs=None, num_threads=2, min_fraction=0.2):
    filenames = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(NUM_FILES)]
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs)
    feature, label = read_table_row(filename_queue)
    min_queue_examples = int(150 * min_fraction)
    return _generate_feature_and_label_batch(feature, label, min_queue_examples, batch_size,
                                             shuffle=True, num_threads=num_threads)
