"""The second side read under `if`, both helpers in another module of the tree, imported by name."""
import tensorflow.compat.v1 as tf

from k1b_lib.data import drain, write_lines
from k1b_lib.sides import joined


def main(data_dir):
    a = write_lines(data_dir, "if_a.txt", "a")
    b = write_lines(data_dir, "if_b.txt", "b")
    line = joined([a], [b])
    batch = tf.train.batch([line], batch_size=2)
    return drain(tf, batch)
