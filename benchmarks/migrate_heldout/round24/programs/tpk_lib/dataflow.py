"""Pure-Python data flows: a CSV source and a batcher that keeps the remainder."""
import numpy as np


class CSVFrames(object):
    def __init__(self, path):
        self.path = path

    def reset_state(self):
        self._rows = np.loadtxt(self.path, delimiter=',', skiprows=1, dtype=np.float32)

    def size(self):
        return len(self._rows)

    def get_data(self):
        for row in self._rows:
            yield [row[1:5], np.int32(row[0])]


class BatchData(object):
    def __init__(self, ds, batch_size, remainder=False):
        self.ds = ds
        self.batch_size = batch_size
        self.remainder = remainder

    def reset_state(self):
        self.ds.reset_state()

    def get_data(self):
        holder = []
        for dp in self.ds.get_data():
            holder.append(dp)
            if len(holder) == self.batch_size:
                yield self._aggregate(holder)
                del holder[:]
        if self.remainder and holder:
            yield self._aggregate(holder)

    @staticmethod
    def _aggregate(holder):
        return [np.stack([dp[k] for dp in holder]) for k in range(len(holder[0]))]
