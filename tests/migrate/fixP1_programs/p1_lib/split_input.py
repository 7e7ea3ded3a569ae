"""The choice over a reader helper of another module's groups (migrated, not run: its rows are census's)."""
import tensorflow.compat.v1 as tf

from p1_lib.readers import read_rows


def input_fn(files, shuffle, n=3):
    q = tf.train.string_input_producer(files, num_epochs=1, shuffle=shuffle)
    rows = read_rows(q, n)
    if shuffle:
        rows = tf.train.shuffle_batch([rows], n, capacity=30, min_after_dequeue=5, enqueue_many=True)
    return tf.decode_csv(rows, [[""], [0.0], [0]])
