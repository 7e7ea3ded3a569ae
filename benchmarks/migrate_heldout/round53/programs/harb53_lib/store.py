import os

import numpy as np


class MoveStore(object):
    """Container moves kept in an .npz; rows are handed out by index from py_func."""

    def __init__(self, folder, n=16, seed=5312):
        self.path = os.path.join(folder, "moves.npz")
        if not os.path.exists(self.path):
            rng = np.random.RandomState(seed)
            np.savez(self.path, box=np.arange(4100, 4100 + n, dtype=np.int64),
                     xy=np.round(rng.uniform(0, 120, size=(n, 2)), 1).astype(np.float32))
        data = np.load(self.path)
        self.box = data["box"]
        self.xy = data["xy"]

    def __len__(self):
        return len(self.box)

    def load(self, index):
        return np.int64(self.box[index]), self.xy[index].astype(np.float32)
