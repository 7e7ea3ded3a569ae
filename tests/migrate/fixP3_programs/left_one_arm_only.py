"""Left: the producer lambda bound in the ``if`` branch only (the ``else`` has none)."""
import tensorflow.compat.v1 as tf


def numbers(values, training):
    if training:
        source = lambda: tf.train.slice_input_producer([values], shuffle=True)
    else:
        source = None
    (x,) = source()
    return tf.train.batch([x], batch_size=2)
