"""Feature columns shared by training and serving."""
import tensorflow.compat.v1 as tf

LABEL_KEY = 'in_tune'


def feature_columns():
    return [
        tf.feature_column.numeric_column('pitch_hz'),
        tf.feature_column.numeric_column('decay_s', shape=[2]),
        tf.feature_column.categorical_column_with_vocabulary_list('bell', ['C', 'D', 'E', 'G']),
    ]


def parsing_spec():
    spec = tf.feature_column.make_parse_example_spec(feature_columns())
    spec[LABEL_KEY] = tf.FixedLenFeature([], tf.int64)
    return spec
