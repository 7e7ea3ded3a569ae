"""How one record becomes tensors."""

import tensorflow.compat.v1 as tf

FEATURES = {
    "x": tf.FixedLenFeature([3], tf.float32),
    "label": tf.FixedLenFeature([], tf.int64),
}


def decode(serialized):
    example = tf.parse_single_example(serialized, FEATURES)
    example["x_sum"] = tf.reduce_sum(example["x"])
    example["label"] = tf.cast(example["label"], tf.int32)
    return example


def read_example(queue):
    reader = tf.TFRecordReader(name="example_reader")
    _, serialized = reader.read(queue)
    return decode(serialized)
