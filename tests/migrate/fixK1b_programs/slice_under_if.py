"""A second `slice_input_producer` under `if`, beside a first one."""
import tensorflow.compat.v1 as tf

from k1b_lib import data


def items(values, more=None):
    item = tf.train.slice_input_producer([tf.constant(values)], num_epochs=1, shuffle=False)[0]
    if more is not None:
        extra = tf.train.slice_input_producer([tf.constant(more)], num_epochs=1, shuffle=False)[0]
        item = item * 100 + extra
    return item


def batch_items(values, more):
    item = items(values, more)
    return tf.train.batch([item], 2)


def main(data_dir):
    return data.drain(tf, batch_items(list(range(6)), list(range(10, 16))))
