"""A second read in a `for` loop over extra files, helpers in this module."""
import tensorflow.compat.v1 as tf

from k1b_lib import data


def _lines(files):
    q = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, text = tf.TextLineReader().read(q)
    return text


def with_extras(files, extras):
    text = _lines(files)
    for extra in extras:
        more = _lines([extra])
        text = tf.strings.join([text, more], "/")
    return text


def batched(files, extras):
    text = with_extras(files, extras)
    return tf.train.batch([text], 3)


def main(data_dir):
    a = data.write_lines(data_dir, "for_a.txt", "x")
    b = data.write_lines(data_dir, "for_b.txt", "y")
    return data.drain(tf, batched([a], [b]))
