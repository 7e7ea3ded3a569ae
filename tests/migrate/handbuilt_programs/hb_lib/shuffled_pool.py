"""A RandomShuffleQueue of decoded CSV rows filled by three enqueue ops of the same tensors (a comprehension) and
a QueueRunner, its plain `dequeue()` returned by the helper (issue 17; read by `shuffled_one_by_one.py`)."""

import tensorflow.compat.v1 as tf


def shuffled_rows(pattern, epochs):
    files = sorted(tf.gfile.Glob(pattern))
    producer = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(producer)
    a, b, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
    rows = tf.RandomShuffleQueue(30, 5, [tf.float32, tf.int32])
    ops = [rows.enqueue([a * b, label]) for _ in range(3)]
    tf.train.add_queue_runner(tf.train.QueueRunner(rows, ops))
    return rows.dequeue()
