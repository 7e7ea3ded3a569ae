import os

import numpy as np


def write_results(folder):
    rng = np.random.RandomState(1)
    path = os.path.join(folder, "splits.csv")
    with open(path, "w") as f:
        for bib in range(6):
            mins = np.round(rng.uniform(18, 30, size=4), 1)
            f.write("BIB%03d,%s\n" % (bib + 100, ",".join("%.1f" % m for m in mins)))
    return path


def read_results(path):
    splits, runners = [], []
    with open(path) as f:
        for line in f:
            parts = line.strip().split(",")
            runners.append(parts[0])
            splits.append([float(x) for x in parts[1:]])
    return np.array(splits, dtype=np.float32), np.array(runners, dtype=object)
