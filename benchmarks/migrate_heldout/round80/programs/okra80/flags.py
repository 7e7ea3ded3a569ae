"""Stand-in for ``tf.app.flags`` (absl refuses to define a flag twice in one process, and the runner imports the
program more than once): ``FLAGS`` plus ``DEFINE_integer`` / ``DEFINE_string`` that keep the first definition."""


class _Flags(object):
    pass


FLAGS = _Flags()


def DEFINE_integer(name, default, help_text):
    if not hasattr(FLAGS, name):
        setattr(FLAGS, name, int(default))


def DEFINE_string(name, default, help_text):
    if not hasattr(FLAGS, name):
        setattr(FLAGS, name, default)
