"""Helpers in the program's own module: the tuple unpacked, two keys added, one popped, the other kept."""
import os

import tensorflow.compat.v1 as tf


def make_lines(path):
    with open(path, 'w') as f:
        for i in range(8):
            f.write('%d,%d\n' % (i, i % 3))


def read_line(path):
    producer = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(producer)
    a, b = tf.decode_csv(line, [[0], [0]])
    return {'a': a}, b


def batch_it(example, n):
    cols, kind = example
    cols['kind'] = kind
    cols['sum'] = cols['a'] + kind
    batched = tf.train.batch(cols, batch_size=n)
    kinds = batched.pop('kind')
    return batched, kinds


def main(data_dir):
    path = os.path.join(data_dir, 'i3_lines.csv')
    make_lines(path)
    example = read_line(path)
    cols, kinds = batch_it(example, 3)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, s, k = sess.run([cols['a'], cols['sum'], kinds])
                out.append([a.tolist(), s.tolist(), k.tolist(), sorted(cols)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": end}
