"""A `define_scope` decorator with an optional scope name (`@define_scope("reader")`), under `name_scope`."""

import functools

import tensorflow.compat.v1 as tf


def define_scope(scope=None):
    def wrap(function):
        attribute = "_scoped_" + function.__name__
        name = scope or function.__name__

        @property
        @functools.wraps(function)
        def getter(self):
            if not hasattr(self, attribute):
                with tf.name_scope(name):
                    setattr(self, attribute, function(self))
            return getattr(self, attribute)

        return getter

    return wrap
