"""A decoder of another module: the event tensor and its filter mask, as a tuple."""

import tensorflow.compat.v1 as tf

FEATURES = {"x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)}


def decode(serialized, scale=2.0):
    parsed = tf.parse_single_example(serialized, FEATURES)
    events = parsed["x"] * scale
    keep = tf.equal(parsed["label"] % 3, 0)
    return events, keep
