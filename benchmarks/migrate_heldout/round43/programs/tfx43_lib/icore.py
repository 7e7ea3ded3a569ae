# -*- coding: utf-8 -*-
import tensorflow.compat.v1 as tf

_sess = None


def default_session():
    """
    the session of this package, made (and initialized) on first use
    :return: tf.Session
    """
    global _sess
    if _sess is None:
        config = tf.ConfigProto(allow_soft_placement=True)
        _sess = tf.Session(config=config)
        _sess.run(tf.group(tf.global_variables_initializer(),
                           tf.local_variables_initializer()))
    return _sess
