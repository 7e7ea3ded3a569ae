import collections


def to_namedtuple(d, name="Config"):
    return collections.namedtuple(name, sorted(d.keys()))(**d)
