"""A reader helper that makes its own label table (`StaticHashTable` over a `KeyValueTensorInitializer`)."""
import tensorflow.compat.v1 as tf


def read_labelled(path):
    labels = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant(['low', 'mid', 'high']), tf.constant([0, 1, 2], tf.int64)),
        default_value=-1)
    names = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(names)
    value, label = tf.decode_csv(line, [[0.0], ['']])
    return value, labels.lookup(label)
