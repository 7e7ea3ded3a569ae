"""Sliding windows over a series (numpy), cut by a generator, as before tf.data's window()."""
import numpy as np


def load_series(path):
    return np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float32)


def sliding_windows(series, window, horizon):
    for start in range(0, len(series) - window - horizon + 1):
        yield start, series[start:start + window, 1:], series[start + window:start + window + horizon, 1]
