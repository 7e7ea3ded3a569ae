import csv

import numpy as np


def read_splits(path):
  bibs, splits, finish = [], [], []
  with open(path) as f:
    for row in csv.DictReader(f):
      bibs.append(int(row["bib"]))
      splits.append([float(row[k]) for k in ("k10", "k21", "k30", "k40")])
      finish.append(float(row["finish"]))
  return np.array(bibs, np.int32), np.array(splits, np.float32), np.array(finish, np.float32)


def chunk_iterator(arrays, chunk):
  n = len(arrays[0])
  for start in range(0, n, chunk):
    yield [a[start:start + chunk] for a in arrays]
