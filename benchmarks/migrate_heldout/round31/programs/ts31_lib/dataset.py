"""Sliding windows over a daily close-price CSV."""
import numpy as np


class StockDataset(object):
    def __init__(self, csv_path, window_size=4):
        data = np.loadtxt(csv_path, delimiter=',', skiprows=1, usecols=(1, 2))
        self.close = data[:, 0].astype(np.float32)
        self.volume = data[:, 1].astype(np.float32)
        self.window_size = window_size
        self.mean = float(self.close.mean())
        self.std = float(self.close.std())

    def __len__(self):
        return len(self.close) - self.window_size

    def train_datas(self, enqueue_size):
        norm = (self.close - self.mean) / self.std
        windows, volumes, targets = [], [], []
        for start in range(len(self)):
            end = start + self.window_size
            windows.append(norm[start:end])
            volumes.append(self.volume[end - 1])
            targets.append(norm[end])
            if len(windows) == enqueue_size:
                yield {'window': np.stack(windows), 'volume': np.array(volumes, np.float32),
                       'target': np.array(targets, np.float32)}
                windows, volumes, targets = [], [], []
        if windows:
            yield {'window': np.stack(windows), 'volume': np.array(volumes, np.float32),
                   'target': np.array(targets, np.float32)}
