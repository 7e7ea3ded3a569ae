"""A CSV pipeline in a helper of another module, whose names are bound before the pipeline too: `value` as a
Python count and as a comprehension's variable, `line` reused after the batch."""

import tensorflow as tf

if int(tf.__version__.split(".")[0]) >= 2:
    tf = tf.compat.v1


def row_batches(files, batch_size):
    value = len(files)  # an earlier binding: a Python count
    epochs = 1 if value > 2 else 2
    offsets = [value * 10 for value in range(3)]  # a comprehension's own variable
    queue = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(queue)
    a, b, label = tf.decode_csv(value, [[0], [0.0], [0]])
    line = tf.stack([tf.cast(a, tf.float32), b])
    batch = tf.train.batch([line, label + offsets[1]], batch_size=batch_size)
    line = "rows of %d" % batch_size  # rebound after the pipeline's last use
    return batch, line
