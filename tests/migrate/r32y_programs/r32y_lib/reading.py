import tensorflow.compat.v1 as tf

from r32y_lib import batching

SHUFFLE = False  # the module's flag


def inputs(paths, batch_size):
    filename_queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=SHUFFLE)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    a, b, y = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
    return batching.make_batch(tf.stack([a, b]), y, batch_size, SHUFFLE)
