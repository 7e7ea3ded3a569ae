"""A file queue memoized on the object by a property (`if self._queue is None: self._queue =
string_input_producer(...)`), read by a reader method that a join calls once per reader
(`[self._read_row() for _ in range(self.readers)]`): the readers share the one queue; CSV rows joined by
`batch_join`; a multiset of rows and the batch sizes."""

import glob
import os

import tensorflow.compat.v1 as tf


class CsvRows(object):

    def __init__(self, files, batch_size, readers=2, epochs=2):
        self.files = files
        self.batch_size = batch_size
        self.readers = readers
        self.epochs = epochs
        self._queue = None

    @property
    def queue(self):
        """The file queue, made at its first use."""
        if self._queue is None:
            self._queue = tf.train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=False)
        return self._queue

    def _read_row(self):
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(self.queue)
        a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return [a, b + 1.0, label]

    def batches(self):
        rows = [self._read_row() for _ in range(self.readers)]
        return tf.train.batch_join(rows, batch_size=self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    batch = CsvRows(files, 11, readers=3).batches()
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b, label = sess.run(batch)
                sizes.append(len(a))
                rows.extend(zip(a.tolist(), b.tolist(), label.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(list(r) for r in rows)], 'end': end}
