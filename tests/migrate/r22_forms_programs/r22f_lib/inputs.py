"""A batch helper of another module that reads through the reader its data set hands out."""

import tensorflow.compat.v1 as tf


def parse(serialized):
    features = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    return features["x"] * 2.0, features["label"]


def batch_inputs(dataset, batch_size):
    with tf.name_scope("batch_processing"):
        filename_queue = tf.train.string_input_producer(dataset.data_files(), shuffle=False, num_epochs=1)
        reader = dataset.reader()
        _, serialized = reader.read(filename_queue)
        x, label = parse(serialized)
        return tf.train.batch([x, label], batch_size=batch_size)


def inputs(dataset, batch_size=5):
    with tf.device("/cpu:0"):
        xs, labels = batch_inputs(dataset, batch_size)
    return xs, labels
