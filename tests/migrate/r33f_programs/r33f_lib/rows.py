"""Hourly rows this package writes, read back as chunks of (features, count) arrays."""
import os

import numpy as np


def write_hours(data_dir, name, n=12):
    folder = os.path.join(data_dir, 'r33f_' + name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'hour.csv')
    with open(path, 'w') as f:
        for i in range(n):
            f.write('%d,%d,%.1f,%d\n' % (i % 24, (i + len(name)) % 7, 10 + i * 0.5, 20 * i + 3))
    return path


def chunks(path, size):
    table = np.loadtxt(path, delimiter=',', dtype=np.float32)
    features, counts = table[:, :3], table[:, 3].astype(np.int32)
    for start in range(0, len(counts), size):
        yield features[start:start + size], counts[start:start + size]


def dict_chunks(path, size):
    for features, counts in chunks(path, size):
        yield {'count': counts, 'features': features}
