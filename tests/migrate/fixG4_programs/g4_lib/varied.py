"""A helper whose two callers hand factories of different compressions: one pipeline cannot be both."""
import tensorflow.compat.v1 as tf


def read_any(files, reader_fn):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, record = reader_fn().read(queue)
    idx = tf.parse_single_example(record, {"idx": tf.FixedLenFeature([], tf.int64)})["idx"]
    return tf.train.batch([idx], batch_size=2)
