"""Left: the branches' batch function has a default parameter (not written where it is called)."""
import tensorflow.compat.v1 as tf


def batches(paths, training):
    if training:
        def make_queue():
            return tf.train.string_input_producer(paths)

        def make_batch(t, size=4):
            return tf.train.shuffle_batch([t], size, capacity=50, min_after_dequeue=10)
    else:
        def make_queue():
            return tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)

        def make_batch(t, size=4):
            return tf.train.batch([t], size)

    _, line = tf.TextLineReader().read(make_queue())
    return make_batch(line)


def main(data_dir):
    return batches([], False)
