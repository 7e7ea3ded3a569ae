"""Per-line code of another module: a CSV line to a dict."""

import tensorflow.compat.v1 as tf


def parse_row(line):
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    return {"a": a, "b": b * 0.5, "odd": tf.equal(label % 2, 1)}
