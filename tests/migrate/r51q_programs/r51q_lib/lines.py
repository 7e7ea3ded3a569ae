import tensorflow.compat.v1 as tf


def read_lines(filename_queue, batch_size):
    """CSV lines of the queue's files, batched."""
    reader = tf.TextLineReader(skip_header_lines=1)
    key, line = reader.read(filename_queue)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    return tf.train.batch([a, b * 2.0], batch_size=batch_size)
