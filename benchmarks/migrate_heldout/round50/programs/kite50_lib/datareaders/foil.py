import tensorflow.compat.v1 as tf


def read_record(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'spot': tf.FixedLenFeature([], tf.string),
            'wind_knots': tf.FixedLenFeature([2], tf.float32),
            'foil_minutes': tf.FixedLenFeature([], tf.float32),
        })
    return features['spot'], features['wind_knots'], features['foil_minutes']


def deprocess_output(minutes):
    return minutes
