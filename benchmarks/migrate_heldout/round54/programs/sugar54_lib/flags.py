"""Tiny flag helpers, so that scripts can declare flags next to where they use them."""


class _Flags(object):
    pass


FLAGS = _Flags()
_HELP = {}


def _flag(name, default, docstring):
    if not hasattr(FLAGS, name):
        setattr(FLAGS, name, default)
    _HELP[name] = docstring


def string_flag(name, default, docstring):
    _flag(name, default, docstring)


def int_flag(name, default, docstring):
    _flag(name, None if default is None else int(default), docstring)


def bool_flag(name, default, docstring):
    _flag(name, bool(default), docstring)


def float_flag(name, default, docstring):
    _flag(name, float(default), docstring)
