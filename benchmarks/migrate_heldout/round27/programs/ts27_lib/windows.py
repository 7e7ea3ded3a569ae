"""Sliding windows over a sensor series (numpy), as written before tf.data's window()."""
import numpy as np


def load_series(path):
    return np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float32)


def sliding_windows(series, window, horizon, stride=1):
    for start in range(0, len(series) - window - horizon + 1, stride):
        x = series[start:start + window, 1:]
        y = series[start + window:start + window + horizon, 1]
        yield start, x, y
