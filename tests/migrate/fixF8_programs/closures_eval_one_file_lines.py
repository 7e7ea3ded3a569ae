"""Nested-function branches in one file, the evaluation branch (in order): text lines, the producer's file
list read by the function, the reader made inline, a per-element helper defined after the `if` too."""
import os

import tensorflow.compat.v1 as tf


def line_batches(paths, size, training):
    if training:
        def make_queue():
            return tf.train.string_input_producer(paths, shuffle=True)

        def scale(x):
            return x * 3.0

        def make_batch(t):
            return tf.train.shuffle_batch([t], size, capacity=50, min_after_dequeue=10)
    else:
        def make_queue():
            return tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)

        def scale(x):
            return x + 1.0

        def make_batch(t):
            return tf.train.batch([t], size)

    def to_number(s):
        return scale(tf.strings.to_number(s))

    q = make_queue()
    _, line = tf.TextLineReader().read(q)
    value = to_number(line)
    batch = make_batch(value)
    return batch


def main(data_dir):
    folder = os.path.join(data_dir, "f8_lines")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for k in range(2):
        path = os.path.join(folder, "part%d.txt" % k)
        with open(path, "w") as f:
            f.write("".join("%d\n" % (k * 10 + i) for i in range(6)))
        paths.append(path)
    batch = line_batches(paths, 3, training=False)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                batches.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
