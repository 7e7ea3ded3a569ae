"""Reading helpers of the trainer: `read_example(queue)` reads one record and returns `decode(serialized)`."""

import tensorflow.compat.v1 as tf

FEATURES = {
    'x': tf.FixedLenFeature([3], tf.float32),
    'label': tf.FixedLenFeature([1], tf.int64),
}


def decode(serialized):
    example = tf.parse_single_example(serialized, FEATURES)
    return tf.reduce_sum(example['x']), tf.reshape(example['label'], []), example['x']


def read_example(queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(queue)
    return decode(serialized)
