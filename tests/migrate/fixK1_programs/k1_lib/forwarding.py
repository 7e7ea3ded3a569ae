"""A wrapper handing its ``**kwargs`` on whole (not read by ``kwargs.get``): left as written."""
import tensorflow.compat.v1 as tf


def _side(files, num_epochs=None):
    q = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    _, v = tf.TextLineReader().read(q)
    return v


def side_of(files, **kwargs):
    v = _side(files, **kwargs)
    return v


def batched(files):
    v = side_of(files, num_epochs=1)
    return tf.train.batch([v], 2)



def upper_of(files, upper):
    v = _side(files, 1)
    if upper:  # (``upper`` known only when it runs: the wrapper is not straight)
        v = tf.strings.upper(v)
    return v


def batched_upper(files, upper):
    v = upper_of(files, upper)
    return tf.train.batch([v], 2)
