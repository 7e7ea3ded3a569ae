"""Python side book-keeping for the candle pours (a counter kept in the reader object)."""
from collections import defaultdict

import numpy as np


class PourStamper(object):
    """Gives every pour the running number of pours seen for its wax, and the running burn mean."""

    def __init__(self):
        self.seen = defaultdict(int)
        self.burn_sum = defaultdict(float)

    def __call__(self, wax, burn_hours):
        wax = wax.decode() if isinstance(wax, bytes) else wax
        self.seen[wax] += 1
        self.burn_sum[wax] += float(burn_hours)
        running_mean = self.burn_sum[wax] / self.seen[wax]
        return np.int32(self.seen[wax]), np.float32(running_mean)
