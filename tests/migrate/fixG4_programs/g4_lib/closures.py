"""A helper handed a factory that reads a closure's name."""
import tensorflow.compat.v1 as tf


def read_closure(files, reader):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, record = reader().read(queue)
    idx = tf.parse_single_example(record, {"idx": tf.FixedLenFeature([], tf.int64)})["idx"]
    return tf.train.batch([idx], batch_size=2)
