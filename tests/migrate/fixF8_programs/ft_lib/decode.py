"""A record helper given the file queue by the towers' model (another module)."""
import tensorflow.compat.v1 as tf


def parse_record(file_queue, scale=1.0):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(file_queue)
    parsed = tf.parse_single_example(serialized, features={
        "id": tf.FixedLenFeature([], tf.int64),
        "value": tf.FixedLenFeature([], tf.float32),
    })
    return parsed["id"], parsed["value"] * scale
