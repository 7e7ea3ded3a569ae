# Stand-in for `tf.app.flags` (absl flags cannot be defined twice in one process): the same DEFINE_* calls.
class _Flags(object):
    pass


FLAGS = _Flags()


def _define(name, default, doc):
    setattr(FLAGS, name, default)


DEFINE_float = DEFINE_integer = DEFINE_string = _define
