"""Meter rows this package writes, read back as chunks of (features, reading) float32 arrays."""
import os

import numpy as np


def write_rows(data_dir, name, n=12):
    folder = os.path.join(data_dir, 'r43f_' + name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'meter.csv')
    with open(path, 'w') as f:
        for i in range(n):
            f.write('%d,%d,%.1f,%d\n' % (i % 24, (i + len(name)) % 7, 10 + i * 0.5, 20 * i + 3))
    return path


def chunks(path, size):
    table = np.loadtxt(path, delimiter=',', dtype=np.float32)
    features, reading = table[:, :3], table[:, 3]
    for start in range(0, len(reading), size):
        yield [features[start:start + size], reading[start:start + size]]
