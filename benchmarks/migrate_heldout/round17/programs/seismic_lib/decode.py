import tensorflow.compat.v1 as tf

from . import constants


def decode_trace(record):
    values = tf.decode_raw(record, tf.int16)
    values.set_shape([1 + constants.SAMPLES])
    station = tf.cast(values[0], tf.int32)
    trace = tf.cast(values[1:], tf.float32)
    peak = tf.reduce_max(tf.abs(trace))
    energy = tf.reduce_sum(tf.square(trace)) / constants.SAMPLES
    return station, trace, peak, energy
