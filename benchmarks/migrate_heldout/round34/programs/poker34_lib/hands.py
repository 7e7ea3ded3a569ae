"""Poker-hand rows (suit, rank) x 5 and a class, in several CSV parts; one reader per read thread."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_parts(root, parts, rows):
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(9)
    paths = []
    for part in range(parts):
        path = os.path.join(root, "poker-hand-part-%d.data" % part)
        with open(path, "w") as f:
            for row in range(rows):
                suits = rng.randint(1, 5, size=5)
                ranks = rng.randint(1, 14, size=5)
                cells = [v for pair in zip(suits, ranks) for v in pair] + [(part * rows + row) % 10]
                f.write(",".join(str(c) for c in cells) + "\n")
        paths.append(path)
    return paths


class HandReader(object):
    def __init__(self, filename_queue):
        self.filename_queue = filename_queue

    def read(self):
        reader = tf.TextLineReader()
        key, value = reader.read(self.filename_queue)
        columns = tf.decode_csv(value, record_defaults=[[0]] * 11)
        suits = tf.stack(columns[0:10:2])
        ranks = tf.stack(columns[1:10:2])
        hand = columns[10]
        return suits, ranks, hand


def reader():
    """A name reused by the caller for something else."""
    return HandReader
