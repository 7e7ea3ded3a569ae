"""A reader class of a package: its ``__init__`` computes the column layout (a loop over a feature dict, a list
extended, a dict of slice lambdas made by a static function), its methods read a block of lines from the file
queue handed to it and apply the lambdas."""
import tensorflow.compat.v1 as tf


def write_csv(folder, name, runs, events, width):
    import os

    os.makedirs(folder, exist_ok=True)
    files = []
    for run in range(runs):
        path = os.path.join(folder, "%s_%d.csv" % (name, run))
        with open(path, "w") as f:
            for ev in range(events):
                f.write(",".join("%d" % (100 * run + 10 * ev + c) for c in range(width)) + "\n")
        files.append(path)
    return files


class ChamberReader():
    """Blocks of events, one text line each."""

    @staticmethod
    def columns(start, size, shape=None):
        if shape is None:
            return lambda t: t[:, start:start + size]
        return lambda t: tf.reshape(t[:, start:start + size], shape)

    def __init__(self, queue, features, block=1, scale=1.0):
        self._queue = queue
        self._features = features
        self._block = block
        self._scale = scale
        self._names = []
        self._formats = {}
        index = 0
        for name in sorted(self._features.keys()):
            spec = self._features[name]
            if isinstance(spec, dict):
                size = spec["width"] * spec["rows"]
                self._formats[name] = ChamberReader.columns(index, size, [-1, spec["rows"], spec["width"]])
            else:
                size = len(spec)
                self._formats[name] = self.columns(index, size)
            self._names.extend([name] * size)
            index += size
        self._width = index

    def raw(self):
        reader = tf.TextLineReader()
        _, lines = reader.read_up_to(self._queue, self._block)
        table = tf.stack(tf.decode_csv(lines, record_defaults=[[0.]] * self._width), axis=1)
        return table * self._scale

    def batch(self):
        table = self.raw()
        return {name: fmt(table) for name, fmt in self._formats.items()}
