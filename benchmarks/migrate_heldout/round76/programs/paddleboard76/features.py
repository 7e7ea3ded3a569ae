# The rental service's feature schema (written from knowledge of company schema modules): names, kinds, defaults.
import tensorflow.compat.v1 as tf

SCHEMA = [
    ('rental_id', tf.int64),
    ('board_len_ft', tf.float32),
    ('minutes', tf.int64),
    ('returned_late', tf.int64),
]
LABEL = 'returned_late'


def feature_spec():
    return {name: tf.FixedLenFeature([], dtype) for name, dtype in SCHEMA}
