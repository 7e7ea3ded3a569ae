"""Per-element checks written as helpers: the `with tf.control_dependencies` inside the helper."""

import tensorflow.compat.v1 as tf


def checked_pair(a, b):
    """Both values non-negative, asserted before they are passed on."""
    first = tf.debugging.assert_non_negative(a, message="negative a")
    second = tf.Assert(tf.reduce_all(b >= 0.0), [b], name="b_check")
    with tf.control_dependencies([first, second]):
        return tf.identity(a), tf.identity(b)
