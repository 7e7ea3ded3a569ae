"""Reads one price window per CSV line: ticker, next-day direction, WINDOW closes."""
import os

import numpy as np
import tensorflow as tf

from stock36_lib import config


def write_windows(out_dir):
    rs = np.random.RandomState(7)
    paths = []
    for t in config.TICKERS:
        path = os.path.join(out_dir, "%s_windows.csv" % t.lower())
        with open(path, "w") as f:
            for _ in range(4):
                closes = np.round(100 + rs.randn(config.WINDOW + 1).cumsum(), 2)
                up = int(closes[-1] > closes[-2])
                f.write("%s,%d,%s\n" % (t, up, ",".join("%.2f" % c for c in closes[:-1])))
        paths.append(path)
    return paths


def _parse_line(line):
    defaults = [[""], [0]] + [[0.0]] * config.WINDOW
    cols = tf.compat.v1.decode_csv(line, record_defaults=defaults)
    ticker, label = cols[0], cols[1]
    closes = tf.stack(cols[2:])
    returns = closes / closes[0] - 1.0
    return ticker, returns, label


def inputs(paths, num_epochs=1):
    with tf.compat.v1.name_scope("stock_input"):
        queue = tf.compat.v1.train.string_input_producer(paths, num_epochs=num_epochs, shuffle=True, seed=11)
        reader = tf.compat.v1.TextLineReader()
        _, line = reader.read(queue)
        ticker, returns, label = _parse_line(line)
        capacity = config.MIN_AFTER_DEQUEUE + (config.NUM_THREADS + 1) * config.BATCH_SIZE
        return tf.compat.v1.train.shuffle_batch(
            [ticker, returns, label], batch_size=config.BATCH_SIZE, capacity=capacity,
            min_after_dequeue=config.MIN_AFTER_DEQUEUE, num_threads=config.NUM_THREADS)
