"""The second read in a helper called inside the `if` (a helper of the helper)."""
import tensorflow.compat.v1 as tf

from k1b_lib import data


def one_side(files):
    fq = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, rec = tf.TextLineReader().read(fq)
    return rec


def other_side(others):
    rec = one_side(others)
    return tf.strings.upper(rec)


def paired(files, others):
    rec = one_side(files)
    if others:
        second = other_side(others)
        rec = tf.strings.join([rec, second], ":")
    return rec


def main(data_dir):
    a = data.write_lines(data_dir, "nest_a.txt", "m")
    b = data.write_lines(data_dir, "nest_b.txt", "n")
    rec = paired([a], [b])
    batch = tf.train.batch([rec], 2)
    return data.drain(tf, batch)
