"""Two reader helpers of one record layout, CSV lines or TFRecord examples, each given the file queue."""
import tensorflow.compat.v1 as tf


def read_csv(queue):
    _, line = tf.TextLineReader().read(queue)
    idx, weight, kind = tf.decode_csv(line, [[0], [0.0], [0]])
    return idx, weight


def read_records(queue, scale):
    reader = tf.TFRecordReader()
    _, record = reader.read(queue)
    parsed = tf.parse_single_example(record, {"idx": tf.FixedLenFeature([], tf.int64),
                                              "weight": tf.FixedLenFeature([], tf.float32)})
    return tf.cast(parsed["idx"], tf.int32), parsed["weight"] * scale
