"""Placeholders made in a helper and returned (a dict filled by assignments)."""
import tensorflow.compat.v1 as tf


def make_placeholders():
    placeholders = {}
    placeholders['features'] = tf.placeholder(tf.float32, [None, 3], name='features')
    placeholders['count'] = tf.placeholder(tf.int32, [None], name='count')
    return placeholders
