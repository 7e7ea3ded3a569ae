"""A reader class named by a module constant from a `from tensorflow.compat.v1 import` (a CSV reader with a header)."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import TextLineReader

READER = TextLineReader


class CsvInput(object):
    def __init__(self, files):
        self.files = files

    def batches(self, size):
        queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        _, line = READER(skip_header_lines=1).read(queue)
        a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return tf.train.batch([a, b * 2.0, label], batch_size=size, allow_smaller_final_batch=True)


def main(data_dir):
    fetch = CsvInput(sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))).batches(size=7)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append([v.tolist() for v in sess.run(fetch)])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
