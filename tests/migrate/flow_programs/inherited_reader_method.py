"""A reader class of this program whose `read_line` it inherits from a base of another module
(`class_lib.line_readers.LineReader`), which calls back the subclass's `value(a, b)`; the object made inline in
the call of that module's join; a multiset of rows and the batch sizes."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from class_lib.line_readers import LineReader, joined_lines  # noqa: E402


class Weighted(LineReader):

    def __init__(self, weight):
        self.weight = weight

    def value(self, a, b):
        return tf.cast(a, tf.float32) * self.weight - b


def main(data_dir):
    values, labels = joined_lines(Weighted(0.25), data_dir, batch_size=13, readers=3)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, y = sess.run([values, labels])
                sizes.append(len(y))
                rows.extend(zip(v.tolist(), y.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(list(r) for r in rows)], 'end': end}
