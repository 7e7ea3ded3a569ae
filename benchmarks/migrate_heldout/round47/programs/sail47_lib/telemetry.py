import json

import numpy as np
import tensorflow as tf


class TelemetryDataset(object):
    signature = [("boat_speed", tf.float32, []), ("heel", tf.float32, []), ("wind", tf.float32, [2])]

    def __init__(self, path):
        with open(path) as f:
            rows = [json.loads(line) for line in f]
        self.boat_speed = np.array([r["bsp"] for r in rows], np.float32)
        self.heel = np.array([r["heel"] for r in rows], np.float32)
        self.wind = np.array([[r["tws"], r["twa"]] for r in rows], np.float32)

    def train_datas(self, size):
        for start in range(0, len(self.heel), size):
            yield {"boat_speed": self.boat_speed[start:start + size],
                   "heel": self.heel[start:start + size],
                   "wind": self.wind[start:start + size]}
