import tensorflow.compat.v1 as tf


def read_record(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'spot': tf.FixedLenFeature([], tf.string),
            'wind_knots': tf.FixedLenFeature([2], tf.float32),   # mean, gust
            'jumps': tf.FixedLenFeature([], tf.int64),
        })
    spot = features['spot']
    wind = features['wind_knots']
    jumps = tf.cast(features['jumps'], tf.int32)
    return spot, wind, jumps


def deprocess_output(jumps):
    return jumps
