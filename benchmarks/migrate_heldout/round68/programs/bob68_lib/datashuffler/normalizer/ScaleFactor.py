#!/usr/bin/env python
# vim: set fileencoding=utf-8 :

import tensorflow.compat.v1 as tf


class ScaleFactor(object):
    """
    Normalize a sample by a scale factor
    """

    def __init__(self, scale_factor=0.00390625):
        self.scale_factor = scale_factor

    def __call__(self, x):
        return tf.cast(x, tf.float32) * self.scale_factor
