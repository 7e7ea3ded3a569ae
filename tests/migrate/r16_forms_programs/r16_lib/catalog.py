"""Dataset names to reader functions and file patterns (a dict literal and a getter with a guard)."""

from r16_lib import formats

_READERS = {
    "fixed": formats.read_fixed,
    "table": formats.read_table,
}
_PATTERNS = {"fixed": "fixed-*.bin", "table": "table-*.csv"}


def reader_for(name):
    """The reader function of dataset `name`."""
    if name not in _READERS:
        raise KeyError("no reader for %r" % name)
    return _READERS[name]


def pattern_for(name):
    return _PATTERNS[name]
