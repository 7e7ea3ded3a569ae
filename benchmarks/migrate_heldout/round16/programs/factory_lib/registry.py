"""Maps a dataset name to its reader function and its file pattern."""

from factory_lib import readers

_READERS = {
    "fixed": readers.read_fixed,
    "csv": readers.read_csv,
}

_PATTERNS = {
    "fixed": "fixed-*.bin",
    "csv": "table-*.csv",
}


def get_reader(name):
    if name not in _READERS:
        raise ValueError("Name of dataset unknown %s" % name)
    return _READERS[name]


def file_pattern(name):
    return _PATTERNS[name]
