"""Reader helpers of the branch-join programs, in another module of the tree."""

import tensorflow.compat.v1 as tf


def read_records(queue):
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    return parsed["x"][1], tf.cast(parsed["label"], tf.int32)


def read_rows(queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return a + b, label
