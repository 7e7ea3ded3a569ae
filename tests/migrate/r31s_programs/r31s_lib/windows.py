"""Sliding windows over a price CSV this package writes, yielded as dicts keyed by component name."""
import os

import numpy as np


def write_prices(data_dir, name, n=22):
    folder = os.path.join(data_dir, 'r31s_' + name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'prices.csv')
    rng = np.random.RandomState(len(name))
    with open(path, 'w') as f:
        f.write('close,volume\n')
        for c, v in zip(100 + np.cumsum(rng.randint(-3, 4, size=n)), rng.randint(10, 99, size=n)):
            f.write('%d,%d\n' % (c, v))
    return path


def batches(path, window=4, chunk=3):
    data = np.loadtxt(path, delimiter=',', skiprows=1).astype(np.float32)
    close, volume = data[:, 0], data[:, 1]
    out = {'window': [], 'volume': [], 'target': []}
    for start in range(len(close) - window):
        out['window'].append(close[start:start + window])
        out['volume'].append(volume[start + window - 1])
        out['target'].append(close[start + window])
        if len(out['target']) == chunk:
            yield {k: np.array(v, np.float32) for k, v in out.items()}
            out = {'window': [], 'volume': [], 'target': []}
    if out['target']:
        yield {k: np.array(v, np.float32) for k, v in out.items()}
