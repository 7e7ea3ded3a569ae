"""Audio helpers of the WaveNet autoencoder, applied to batches in the graph."""

import tensorflow.compat.v1 as tf


def mu_law(x, mu=255, int8=False):
    """A TF implementation of Mu-Law encoding."""
    out = tf.sign(x) * tf.log(1 + mu * tf.abs(x)) / tf.log(1.0 + mu)
    out = tf.floor(out * 128)
    if int8:
        out = tf.cast(out, tf.int8)
    return out


def inv_mu_law(x, mu=255):
    x = tf.cast(x, tf.float32)
    out = (x + 0.5) * 2. / (mu + 1)
    out = tf.sign(out) / mu * ((1 + mu) ** tf.abs(out) - 1)
    return tf.where(tf.equal(x, 0), x, out)
