"""A module of the package's own, imported elsewhere as ``tf``."""

CAPACITY_FACTOR = 3


def capacity(batch_size):
    return CAPACITY_FACTOR * batch_size
