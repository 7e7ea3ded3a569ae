"""Left: the batch lambda bound twice in the same function (rebound)."""
import tensorflow.compat.v1 as tf


def numbers(values):
    source = lambda: tf.train.slice_input_producer([values], num_epochs=1, shuffle=False)
    group = lambda x: tf.train.batch([x], batch_size=2)
    group = lambda x: tf.train.batch([x], batch_size=3)
    (x,) = source()
    return group(x)
