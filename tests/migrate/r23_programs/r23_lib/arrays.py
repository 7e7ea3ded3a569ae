"""Numpy arrays loaded by a helper of another module (the images and labels of a small data set)."""

import numpy as np


def load():
    images = np.arange(60, dtype=np.float32).reshape(20, 3)
    return images, np.arange(20, dtype=np.int64) % 7
