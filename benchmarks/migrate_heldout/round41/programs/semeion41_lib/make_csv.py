"""Writes small semeion-like handwritten digit CSVs: label first, then 4x4 binary pixels."""
import os

import numpy as np


def write_digit_csvs(folder, n_files=2, per_file=6, seed=1994):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(seed)
    names = []
    for i in range(n_files):
        name = os.path.join(folder, "semeion_part%d.csv" % i)
        with open(name, "w") as out:
            for _ in range(per_file):
                label = rng.randint(10)
                pixels = (rng.rand(16) > 0.6).astype(int)
                out.write(",".join([str(label)] + [str(p) for p in pixels]) + "\n")
        names.append(name)
    return names
