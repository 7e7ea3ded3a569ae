import os

import numpy as np

PROBES_PER_RUN = 8


def write_runs(folder, runs=2):
    rng = np.random.RandomState(2130)
    paths = []
    for r in range(runs):
        arr = np.zeros((PROBES_PER_RUN, 4), dtype=np.float32)
        arr[:, 0] = np.arange(PROBES_PER_RUN) + 100 * r
        arr[:, 1:] = np.round(rng.uniform(-1, 1, size=(PROBES_PER_RUN, 3)), 3)
        path = os.path.join(folder, "run_%d.npy" % r)
        np.save(path, arr)
        paths.append(path)
    return paths


def load_run(path):
    arr = np.load(path)
    return arr[:, 1:].astype(np.float32), arr[:, 0].astype(np.int32)
