"""A base class keeps a CSV reader made with a module constant (`self._reader = tf1.TextLineReader(
skip_header_lines=HEADER)`), a subclass's method reads it once (`self._reader.read(queue)`), decodes and batches;
the object is made once in `main` and its method called once; `tf1` is the v1 module's name here."""

import glob
import os

import tensorflow.compat.v1 as tf1

HEADER = 1


class TableInput(object):
    def __init__(self, pattern, batch_size):
        self.pattern = pattern
        self.batch_size = batch_size
        self._reader = tf1.TextLineReader(skip_header_lines=HEADER)


class SumInput(TableInput):
    def inputs(self, epochs):
        files = sorted(glob.glob(self.pattern))
        queue = tf1.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
        key, line = self._reader.read(queue)
        a, b, label = tf1.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        total = tf1.cast(a, tf1.float32) + b
        return tf1.train.batch([total, label], batch_size=self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    data = SumInput(os.path.join(data_dir, 'table-*.csv'), 16)
    totals, labels = data.inputs(2)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, l = sess.run([totals, labels])
                batches.append([t.tolist(), l.tolist()])
        except tf1.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
