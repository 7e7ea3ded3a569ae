"""dataflow.py: a `DataFlow` base with `get_data()` / `size()` and a CSV-backed flow."""
import csv


class DataFlow(object):
    def get_data(self):
        raise NotImplementedError()

    def size(self):
        raise NotImplementedError()

    def reset_state(self):
        pass


class CSVRows(DataFlow):
    def __init__(self, path):
        with open(path) as f:
            self.rows = [r for r in csv.reader(f)]

    def size(self):
        return len(self.rows)

    def get_data(self):
        for r in self.rows:
            yield [r[0], [float(v) for v in r[1:4]], int(r[4])]
