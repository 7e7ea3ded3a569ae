import tensorflow.compat.v1 as tf


def read_pairs(path):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    return tf.decode_csv(line, record_defaults=[[0], [0]])
