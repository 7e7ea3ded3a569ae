"""Per-element features of a parsed row."""
import tensorflow.compat.v1 as tf


def add_scaled(row, factor):
    row["scaled"] = row["weight"] * factor
    row["even"] = tf.cast(tf.math.floormod(row["count"], 2) == 0, tf.int32)
    return row
