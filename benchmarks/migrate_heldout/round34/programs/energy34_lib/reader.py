"""Building energy rows: eight design features, heating and cooling loads."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

COLUMNS = ["X1", "X2", "X3", "X4", "X5", "X6", "X7", "X8", "Y1", "Y2"]


def write_rows(path, n):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    rng = np.random.RandomState(12)
    with open(path, "w") as f:
        f.write(",".join(COLUMNS) + "\n")
        for i in range(n):
            vals = list(np.round(rng.uniform(0, 10, size=8), 2)) + [round(10 + i, 2), round(20 + i / 2, 2)]
            f.write(",".join("%.2f" % v for v in vals) + "\n")


def get_batch(filename, config):
    queue = tf.train.string_input_producer([filename], shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, row = reader.read(queue)
    cols = tf.decode_csv(row, record_defaults=[[0.0]] * len(COLUMNS))
    features = tf.stack(cols[:8])
    loads = tf.stack(cols[8:])
    features = (features - 5.0) / 5.0
    return tf.train.batch([features, loads], batch_size=config.batch_size, num_threads=1)
