import tensorflow.compat.v1 as tf


def read_side(files, num_epochs=1):
    queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    return line


def joined(files, others):
    line = read_side(files, 1)
    if others is not None:
        other = read_side(others, 1)
        line = tf.strings.join([line, other], "+")
    return line
