import tensorflow as tf


def tokenize(text_batch, max_words):
    """Words of each review, padded with '' to max_words, and the number of words."""
    words = tf.compat.v1.string_split(text_batch, delimiter=' ')
    dense = tf.sparse.to_dense(words, default_value='')
    dense = dense[:, :max_words]
    n_words = tf.reduce_sum(tf.cast(tf.not_equal(dense, ''), tf.int32), axis=1)
    return dense, n_words


def bucketize_stars(labels):
    return tf.cast(labels >= 4, tf.int32)
