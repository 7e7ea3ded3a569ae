"""Rows of a small CSV for the programs to read."""
import os

import tensorflow.compat.v1 as tf


def write_rows(folder, name, count):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        for n in range(count):
            f.write("%d,%.2f,%d\n" % (n, n * 0.5 + 1.0, n % 3))
    return path
