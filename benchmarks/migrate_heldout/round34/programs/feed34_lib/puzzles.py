"""4x4 sudoku puzzles and solutions as 16-digit strings, one pair a line; chunks for enqueue_many."""
import os

import numpy as np

from feed34_lib.flags import FLAGS


def write_puzzles(path, n):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    base = np.array([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])
    rng = np.random.RandomState(16)
    with open(path, "w") as f:
        for _ in range(n):
            solution = rng.permutation(4)[base - 1] + 1
            puzzle = solution * (rng.rand(4, 4) > 0.5)
            f.write("%s,%s\n" % ("".join(map(str, puzzle.ravel())), "".join(map(str, solution.ravel()))))


def chunks(path, size=FLAGS.chunk):
    quizzes, solutions = [], []
    for line in open(path):
        q, s = line.strip().split(",")
        quizzes.append([int(c) for c in q])
        solutions.append([int(c) for c in s])
    quizzes = np.array(quizzes, np.int32)
    solutions = np.array(solutions, np.int32) - 1
    for start in range(0, len(quizzes), size):
        yield quizzes[start:start + size], solutions[start:start + size]
