"""Pinball game logs as a python generator (the state lives on the python side)."""
import csv

import numpy as np
import tensorflow.compat.v1 as tf


class ScoreGenerator(object):
    def __init__(self, csv_path, ball_save_bonus=2500):
        with open(csv_path) as f:
            self.rows = [r for r in csv.reader(f)][1:]
        self.ball_save_bonus = ball_save_bonus
        self.position = 0
        self.games_served = 0

    def get_dtypes(self):
        return [tf.int64, tf.float32, tf.int64]

    def get_shapes(self):
        return [[], [3], []]

    def __iter__(self):
        return self

    def __next__(self):
        if self.position >= len(self.rows):
            raise StopIteration
        row = self.rows[self.position]
        self.position += 1
        self.games_served += 1
        balls = np.array([float(v) for v in row[1:4]], dtype=np.float32)
        saves = int(row[4])
        total = np.int64(int(balls.sum()) + saves * self.ball_save_bonus)
        return np.int64(int(row[0])), balls / np.float32(1000.0), total

    next = __next__
