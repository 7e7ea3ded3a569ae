"""Both readers of a lockstep pair in one library module, each helper with its own producer and reader."""

import tensorflow.compat.v1 as tf


def read_pixels(path, epochs):
    queue = tf.train.string_input_producer([path], num_epochs=epochs, shuffle=False)
    _, raw = tf.FixedLengthRecordReader(record_bytes=4, header_bytes=4).read(queue)
    return tf.cast(tf.decode_raw(raw, tf.uint8), tf.float32)


def read_tags(path, epochs):
    queue = tf.train.string_input_producer([path], num_epochs=epochs, shuffle=False)
    _, raw = tf.FixedLengthRecordReader(record_bytes=2).read(queue)
    return tf.decode_raw(raw, tf.int16)[0]
