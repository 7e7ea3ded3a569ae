"""Fresco super-resolution: flags (a stand-in for tf.app.flags) and the data module."""


class _Flags(object):
    batch_size = 2
    lr_size = 2
    hr_size = 4
    num_threads = 2


FLAGS = _Flags()
