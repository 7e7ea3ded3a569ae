"""Per-element helpers of the producer-form programs, in another module of the tree."""

import tensorflow.compat.v1 as tf


def load_image(name_queue, size=4):
    """The next PNG of the queue, decoded and scaled; the name comes back too (no reader: a dequeue)."""
    path = name_queue.dequeue()
    pixels = tf.image.decode_png(tf.read_file(path), channels=1)
    pixels = tf.image.resize_images(pixels, [size, size], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    pixels = tf.cast(pixels, tf.int32)
    pixels.set_shape([size, size, 1])
    return path, tf.reduce_sum(pixels)


def brighten(row):
    """Per-element code on a row an input producer dequeued."""
    return [row[0] * 2.0, tf.cast(row[2], tf.int32)]
