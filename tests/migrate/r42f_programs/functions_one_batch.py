"""Module functions: two callers each make a file queue and hand it to the function that reads, decodes and
batches (one batch, in order)."""
import os

import tensorflow.compat.v1 as tf


def read_and_batch(filename_queue, batch_size):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    value = tf.strings.to_number(line, tf.int64)
    values, squares = tf.train.batch([value, value * value], batch_size=batch_size, capacity=16)
    return values, squares


def inputs(path, epochs):
    filename_queue = tf.train.string_input_producer([path], num_epochs=epochs, shuffle=False)
    return read_and_batch(filename_queue, 2)


def other_inputs(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    return read_and_batch(queue, batch_size=3)


def main(data_dir):
    paths = []
    for name, start in (('a', 0), ('b', 50)):
        paths.append(os.path.join(data_dir, 'r42f_fn_%s.txt' % name))
        with open(paths[-1], 'w') as f:
            f.write(''.join('%d\n' % (start + i) for i in range(6)))
    first = inputs(paths[0], 2)
    second = other_inputs(paths)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for op in (first, second):
            try:
                while True:
                    a, b = sess.run(op)
                    batches.append([a.tolist(), b.tolist()])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows %d" % sum(len(b[0]) for b in batches)}
