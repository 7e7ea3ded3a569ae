"""cifar10_input's layout on CSV rows: `inputs()` reads and parses, `_batch()` batches (shuffled or not, by a
flag), writes a summary of the batch and returns the labels reshaped."""

import os

import tensorflow.compat.v1 as tf


def write_rows(data_dir, name, n):
    path = os.path.join(data_dir, name)
    with open(path, "w") as out:
        for i in range(n):
            out.write("%d,%d,%d\n" % (i, (i * 7) % 5, i % 3))
    return path


def _batch(values, label, batch_size, shuffle):
    if shuffle:
        values_b, label_b = tf.train.shuffle_batch([values, label], batch_size=batch_size, capacity=20,
                                                   min_after_dequeue=4, num_threads=1)
    else:
        values_b, label_b = tf.train.batch([values, label], batch_size=batch_size, num_threads=1, capacity=10)
    tf.summary.histogram("values", values_b)
    return values_b * 2.0, tf.reshape(label_b, [batch_size])


def inputs(path, batch_size, num_epochs=1):
    queue = tf.train.string_input_producer([path], num_epochs=num_epochs, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    a, b, c = tf.decode_csv(line, [[0], [0], [0]])
    values = tf.cast(tf.stack([a, b]), tf.float32)
    return _batch(values, c, batch_size, shuffle=False)
