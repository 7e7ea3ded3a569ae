"""Reader helpers of another module, for the programs beside this package."""

import tensorflow.compat.v1 as tf


def read_fixed(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
    _, raw = reader.read(filename_queue)
    return [tf.reshape(tf.decode_raw(raw, tf.int32), [2])]


def decode_png(contents):
    image = tf.image.decode_png(contents, channels=1)
    image = tf.reshape(tf.cast(image, tf.int32), [4, 4])
    return [image, image[0, 0] // 16]
