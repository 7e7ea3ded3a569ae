"""A source chosen by a flag whose other arm reads no file (`zero_rows()`: constants): no chain can be made for
that arm, and the flag is known only when the program runs; refused, and the note names the arm."""
import os
import sys

import tensorflow.compat.v1 as tf

from f5_lib.rows import write_rows


def csv_rows(queue):
    _, value = tf.TextLineReader().read(queue)
    idx, weight, kind = tf.decode_csv(value, [[0], [0.0], [0]])
    return idx, weight


def zero_rows():
    return tf.constant(0), tf.constant(0.0)


def main(data_dir):
    path = write_rows(os.path.join(data_dir, "f5_zeros"), "rows.csv", 4)
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    if len(sys.argv) < 100:
        idx, weight = csv_rows(queue)
    else:
        idx, weight = zero_rows()
    idxs, weights = tf.train.batch([idx, weight], batch_size=2)
    return {"batches": [], "end": "unused", "tensors": [idxs, weights]}
