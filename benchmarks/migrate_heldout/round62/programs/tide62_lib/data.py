"""Survey sheets of tide pools: one 'pool<TAB>species<TAB>count' line each."""
import os

import numpy as np

SPECIES = ["anemone", "limpet", "sculpin", "hermit crab", "sea star"]


def write_surveys(folder, n_files=2, per_file=8):
    rng = np.random.RandomState(979)
    paths = []
    for k in range(n_files):
        path = os.path.join(folder, "survey_%d.tsv" % k)
        with open(path, "w") as f:
            for i in range(per_file):
                f.write("P%d-%d\t%s\t%d\n" % (k, i, SPECIES[rng.randint(0, 5)], rng.randint(1, 30)))
        paths.append(path)
    return paths


def ExampleGen(paths):
    """Yields (pool, species, count) from every file once."""
    for p in paths:
        with open(p) as f:
            for line in f:
                pool, species, count = line.rstrip("\n").split("\t")
                yield pool, species, int(count)
