"""Per-element transforms applied in turn."""


def apply_all(fns, x):
    for fn in fns:
        x = fn(x)
    return x
