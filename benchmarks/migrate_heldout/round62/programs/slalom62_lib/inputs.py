"""Canoe slalom runs: run time plus a 2-second penalty per gate touched."""
import tensorflow.compat.v1 as tf

NUM_GATES = 6


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example, features={
        "bib": tf.FixedLenFeature([], tf.int64),
        "time": tf.FixedLenFeature([], tf.float32),
        "touches": tf.FixedLenFeature([NUM_GATES], tf.int64),
    })
    penalty = 2.0 * tf.cast(tf.reduce_sum(features["touches"]), tf.float32)
    return features["bib"], features["time"] + penalty, features["touches"]


def inputs(filenames, batch_size, num_epochs=1):
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, seed=7)
        bib, total, touches = read_and_decode(filename_queue)
        return tf.train.shuffle_batch([bib, total, touches], batch_size=batch_size, num_threads=2,
                                      capacity=12, min_after_dequeue=2, seed=7)
