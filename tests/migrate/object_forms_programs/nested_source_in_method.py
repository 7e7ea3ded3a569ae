"""A nested function inside a method makes the file queue and the reader itself (`_source()`, no parameters,
closing over `self`) and returns the line; the method decodes and shuffles into batches (two threads); the name
`line` is reused by a module-level helper. A multiset of rows and the batch sizes."""

import glob
import os

import tensorflow.compat.v1 as tf


def line(values):
    return ','.join(str(v) for v in values)


class Rows(object):
    def __init__(self, data_dir, epochs=2):
        self.files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
        self.epochs = epochs

    def batch(self, size):
        def _source():
            queue = tf.train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=True, seed=5)
            _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
            return line

        line = _source()
        a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return tf.train.shuffle_batch([a, b, label], batch_size=size, capacity=60, min_after_dequeue=10,
                                      num_threads=2, seed=3, allow_smaller_final_batch=True)


def main(data_dir):
    a, b, label = Rows(data_dir).batch(12)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, z = sess.run([a, b, label])
                sizes.append(len(x))
                rows.extend(zip(x.tolist(), y.tolist(), z.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows), line([1, 2])], 'end': end}
