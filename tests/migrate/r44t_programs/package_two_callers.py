"""The feed thread's helper in a package module (`r44t_lib.feeding.chunk_batches`), called twice: 7 rows by
chunks of 3 wrapping into batches of 2, then 5 rows by chunks of 2 into batches of 4."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r44t_lib.feeding import chunk_batches


def main(data_dir):
    folder = os.path.join(data_dir, "r44t_pkg")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "grid.npz")
    np.savez(path, a=np.arange(14, dtype=np.float32).reshape(7, 2), b=np.arange(15, dtype=np.float32).reshape(5, 3))
    grid = np.load(path)
    with tf.Graph().as_default():  # (one graph each: a second start_queue_runners would start the first's too)
        first = chunk_batches(grid["a"], np.arange(7), 3, 2, 5)
    with tf.Graph().as_default():
        second = chunk_batches(grid["b"], np.arange(5) * 10, 2, 4, 3)
    return {"batches": first + second, "end": "steps: %d + %d" % (len(first), len(second))}
