"""A second read in a `try` block."""
import tensorflow as tf1
tf = tf1.compat.v1

from k1b_lib import data


def side(files):
    producer = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, value = tf.TextLineReader().read(producer)
    return value


def both(files, others):
    value = side(files)
    try:
        second = side(others)
        value = tf.strings.join([value, second], "&")
    except ValueError:
        pass
    return value


def batches(files, others):
    value = both(files, others)
    return tf.train.batch([value], 2)


def main(data_dir):
    a = data.write_lines(data_dir, "try_a.txt", "p")
    b = data.write_lines(data_dir, "try_b.txt", "q")
    return data.drain(tf, batches([a], [b]))
