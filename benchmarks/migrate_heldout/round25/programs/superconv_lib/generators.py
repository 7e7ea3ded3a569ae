import csv

import numpy as np
import tensorflow as tf


class CsvRowGenerator(object):
    """Yields (features, label) rows of a CSV file, once; StopIteration at the end."""

    def __init__(self, path, num_features=3):
        self.path = path
        self.num_features = num_features
        self._rows = None

    def get_dtypes(self):
        return [tf.float32, tf.int32]

    def get_shapes(self):
        return [[self.num_features], []]

    def __iter__(self):
        return self

    def __next__(self):
        if self._rows is None:
            with open(self.path) as f:
                self._rows = iter(list(csv.reader(f)))
        row = next(self._rows)
        feats = np.array([float(v) for v in row[:self.num_features]], dtype=np.float32)
        return feats, np.int32(int(row[self.num_features]))

    next = __next__
