import tensorflow.compat.v1 as tf

from r32t_lib import batching, shuffling
from r32t_lib.compat_batching import batch_pair


def inputs(paths, batch_size):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    a, b, y = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return batching.make_batch(tf.stack([a, b]), y, batch_size)


def shuffled_inputs(paths, batch_size):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1)
    _, line = tf.TextLineReader().read(filename_queue)
    a, b, y = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return shuffling.shuffled(tf.stack([a, b]), y, batch_size)


def compat_inputs(paths, batch_size):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    a, b, y = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return batch_pair(tf.stack([a, b]), y, batch_size)
