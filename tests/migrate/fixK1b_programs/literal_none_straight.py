"""The `if` decided by a literal `None` at the only call: the folded wrapper reads once, straight."""
import tensorflow.compat.v1 as tf

from k1b_lib import data


def read_one(files, num_epochs=None):
    q = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    _, v = tf.TextLineReader().read(q)
    return v


def pair_or_one(files, others):
    v = read_one(files, 1)
    if others is not None:
        w = read_one(others, 1)
        v = tf.strings.join([v, w], "|")
    return v


def main(data_dir):
    a = data.write_lines(data_dir, "lit_a.txt", "s")
    v = pair_or_one([a], None)
    batch = tf.train.batch([v], 2)
    return data.drain(tf, batch)
