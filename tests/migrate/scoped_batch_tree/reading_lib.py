"""The reader helper of the scoped-batch tree: the file queue is made by the caller, read and decoded here."""

import tensorflow.compat.v1 as tf


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"] + 0.5, parsed["label"]
