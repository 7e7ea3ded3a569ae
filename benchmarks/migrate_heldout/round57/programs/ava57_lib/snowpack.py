"""Snowpack temperature logs of avalanche-warning stations, cut into windows."""
import os
import numpy as np

WINDOW = 6


def write_logs(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(3)
    for station in ('ridge', 'couloir'):
        temps = np.round(-8 + np.cumsum(rng.uniform(-0.6, 0.6, 36)), 1)
        np.savetxt(os.path.join(folder, station + '.txt'), temps, fmt='%.1f')


def window_sampler(folder):
    """A sample function: each call returns the next (window, unstable) pair."""
    def gen():
        for station in ('ridge', 'couloir'):
            temps = np.loadtxt(os.path.join(folder, station + '.txt')).astype(np.float32)
            for start in range(0, len(temps), WINDOW):
                w = temps[start:start + WINDOW]
                # a warming of more than a degree inside the window flags instability
                yield w, np.int32(w[-1] - w[0] > 1.0)
    it = gen()
    return lambda: next(it)
