"""Feature schema of the booking records: name -> (dtype, shape, default)."""
import tensorflow.compat.v1 as tf

BOOKING_SCHEMA = {
    'booking_id': (tf.int64, [], None),
    'nights': (tf.int64, [], 1),
    'beds': (tf.int64, [], 1),
    'dorm': (tf.string, [], 'mixed'),
    'price_eur': (tf.float32, [], 0.0),
    'cancelled': (tf.int64, [], 0),
}


def feature_spec(schema):
    return {name: tf.FixedLenFeature(shape, dtype, default_value=default)
            for name, (dtype, shape, default) in schema.items()}
