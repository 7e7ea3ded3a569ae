__author__ = "Nasim Rahaman"

import tensorflow as _tf

_FLOATX = 'float32'


def getfw():
    """Get the framework module."""
    return _tf.compat.v1


def to_tf_dtype(dtype):
    if isinstance(dtype, str):
        return _tf.as_dtype(dtype)
    return dtype


def placeholder(dtype=_FLOATX, shape=None, device=None, name=None):
    if device is not None:
        with getfw().device('/%s:0' % device):
            return getfw().placeholder(dtype=to_tf_dtype(dtype), shape=shape, name=name)
    return getfw().placeholder(dtype=to_tf_dtype(dtype), shape=shape, name=name)


class Session(object):
    """Holds the default session of the backend."""
    session = None
