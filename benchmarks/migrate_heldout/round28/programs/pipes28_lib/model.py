import tensorflow.compat.v1 as tf


def embed(x, dim_out=2, reuse=None):
    with tf.variable_scope('embedding', reuse=reuse):
        w = tf.get_variable('w', shape=[int(x.shape[-1]), dim_out],
                            initializer=tf.constant_initializer(0.25))
        b = tf.get_variable('b', shape=[dim_out], initializer=tf.zeros_initializer())
        return tf.nn.l2_normalize(tf.matmul(x, w) + b, axis=1)


def triplet_loss(a, p, n, margin=0.2):
    d_ap = tf.reduce_sum(tf.square(a - p), 1)
    d_an = tf.reduce_sum(tf.square(a - n), 1)
    return tf.maximum(d_ap - d_an + margin, 0.0)
