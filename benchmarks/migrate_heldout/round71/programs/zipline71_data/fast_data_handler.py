"""
File: fast_data_handler.py
Description:
  Reads a CSV log in chunks and hands out batches of (sensor rows, command rows).

(held-out round 71: written by the writer for the zipline program, in the place of the navigation project's
``data.fast_data_handler`` module that the search did not show; one pass over the file, then ``(None, None)``.)
"""
import csv

import numpy as np


class FastDataHandler(object):
  def __init__(self, filepath, batch_size, chunksize, max_perception_radius=30.0, use_odom_vel=True):
    self.filepath = filepath
    self.batch_size = batch_size
    self.chunksize = chunksize
    self.max_perception_radius = max_perception_radius
    self.use_odom_vel = use_odom_vel
    self._file = open(filepath)
    self._reader = csv.reader(self._file)
    self._buffer = []

  def _load_chunk(self):
    for _ in range(self.chunksize):
      row = next(self._reader, None)
      if row is None:
        break
      values = [float(v) for v in row]
      sensors = np.minimum(values[:-2], self.max_perception_radius)
      if not self.use_odom_vel:
        sensors = sensors[:-1]
      self._buffer.append((sensors, values[-2:]))

  def next_batch(self):
    if len(self._buffer) < self.batch_size:
      self._load_chunk()
    if len(self._buffer) < self.batch_size:
      return None, None
    rows, self._buffer = self._buffer[:self.batch_size], self._buffer[self.batch_size:]
    data_x = np.array([r[0] for r in rows], dtype=np.float32)
    data_y = np.array([r[1] for r in rows], dtype=np.float32)
    return data_x, data_y

  def close(self):
    self._file.close()
