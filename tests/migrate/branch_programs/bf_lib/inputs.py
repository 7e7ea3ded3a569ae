"""The input function in a package module, its flag a constant of another module."""

import tensorflow.compat.v1 as tf

from bf_lib import settings


def build_input(filenames, batch_size):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    seq = []
    for i in range(settings.SEQUENCE_LENGTH):
        features = tf.parse_single_example(serialized_example,
                                           features={'x': tf.FixedLenFeature([3], tf.float32)})
        seq.append(features['x'] - float(i))
    if settings.USE_STATE:
        state = tf.stack(seq)
        [x_batch, s_batch] = tf.train.batch([seq[0], state], batch_size, num_threads=1,
                                            capacity=10 * batch_size)
        return x_batch, s_batch
    else:
        x_batch = tf.train.batch([seq[-1]], batch_size, num_threads=1, capacity=10 * batch_size)
        return x_batch, tf.zeros([batch_size, 1])
