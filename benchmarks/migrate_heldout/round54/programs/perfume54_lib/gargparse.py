"""Global argparse: add arguments anywhere, read them from ARGS."""
import argparse

_parser = argparse.ArgumentParser()
_argv = []  # writer's copy: never read the host program's sys.argv


def add_argument(*args, **kwargs):
    _parser.add_argument(*args, **kwargs)


class _Args(object):
    _parsed = None

    def __getattr__(self, name):
        if _Args._parsed is None:
            _Args._parsed, _ = _parser.parse_known_args(_argv)
        return getattr(_Args._parsed, name)


ARGS = _Args()
