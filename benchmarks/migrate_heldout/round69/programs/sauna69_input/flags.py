"""Stand-in for `tf.flags` as the pipeline module uses it: DEFINE_integer at import, values read from FLAGS.
(absl flags cannot be defined twice in one process, and the runner imports a program's modules again.)"""


class _Flags(object):
    pass


FLAGS = _Flags()


def DEFINE_integer(name, default, help_text):
    setattr(FLAGS, name, default)
