import tensorflow.compat.v1 as tf

from . import settings


def table_batches(paths, batch_size):
    queue = tf.train.string_input_producer(paths, num_epochs=settings.EPOCHS, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return tf.train.batch([tf.cast(a, tf.float32) + b, label], batch_size=batch_size)
