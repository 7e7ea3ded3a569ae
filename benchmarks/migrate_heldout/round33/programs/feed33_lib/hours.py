import numpy as np


def load_hours(path):
    table = np.loadtxt(path, delimiter=",", dtype=np.float32)
    return table[:, :3], table[:, 3].astype(np.int32)


def chunks(features, counts, size):
    for start in range(0, len(counts), size):
        yield features[start:start + size], counts[start:start + size]
