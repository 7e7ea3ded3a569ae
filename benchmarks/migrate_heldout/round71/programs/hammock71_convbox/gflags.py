# Held-out round 71 stand-in for the ``gflags`` package (python-gflags): module-level ``FLAGS`` with
# ``DEFINE_enum`` / ``DEFINE_string`` / ``DEFINE_integer``; defining a flag again keeps the first value, so the
# module can be imported by more than one program in a process.


class _FlagValues(object):
    def __call__(self, argv):
        for arg in argv[1:]:
            if arg.startswith('--') and '=' in arg:
                name, value = arg[2:].split('=', 1)
                setattr(self, name, type(getattr(self, name))(value))
        return argv


FLAGS = _FlagValues()


def _define(name, default):
    if not hasattr(FLAGS, name):
        setattr(FLAGS, name, default)


def DEFINE_enum(name, default, enum_values, help):
    assert default in enum_values
    _define(name, default)


def DEFINE_string(name, default, help):
    _define(name, default)


def DEFINE_integer(name, default, help):
    _define(name, default)
