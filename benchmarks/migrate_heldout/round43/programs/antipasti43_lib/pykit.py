__author__ = "Nasim Rahaman"


def smartlen(x):
    try:
        return len(x)
    except TypeError:
        return 1


def broadcast(x, n):
    if isinstance(x, (list, tuple)):
        assert len(x) in (1, n)
        return list(x) * (n // len(x))
    return [x] * n


def list2listoflists(x):
    if isinstance(x[0], (list, tuple)):
        return [list(e) for e in x]
    return [list(x)]
