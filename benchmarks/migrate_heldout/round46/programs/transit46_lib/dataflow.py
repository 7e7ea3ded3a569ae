import csv

import numpy as np


class DataFlowTerminated(BaseException):
    pass


class DataFlow(object):
    """ Base class for all DataFlow """

    def get_data(self):
        raise NotImplementedError()

    def size(self):
        raise NotImplementedError()

    def reset_state(self):
        pass


class RNGDataFlow(DataFlow):
    """ A DataFlow with RNG"""

    def reset_state(self):
        self.rng = np.random.RandomState(46)


class RidershipCSV(RNGDataFlow):
    """Daily boardings per route, one datapoint per line: [route, weekday, boardings, alightings]."""

    def __init__(self, path):
        self.path = path
        with open(path) as f:
            self.rows = [r for r in csv.reader(f)]

    def size(self):
        return len(self.rows)

    def get_data(self):
        for r in self.rows:
            yield [r[0].encode(), np.int32(r[1]), np.array([float(r[2]), float(r[3])], dtype=np.float32)]
