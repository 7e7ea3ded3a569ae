"""A base reader class (no explicit base) makes the file queue in `__init__` and batches in `batch()`, calling
`self.decode()`, which each subclass implements with its own reader: a CSV subclass and a TFRecord subclass
that also overrides `batch()`; TensorFlow spelled `tf.compat.v1.*` under `import tensorflow as tf`; the CSV
object made once and named, the TFRecord one inline; a module function also called `batch` (another
scope); both read to the end in turn."""

import glob
import os

import tensorflow as tf


class TableReader:
    """Reads one table per file."""

    def __init__(self, files, batch_size, num_epochs=1):
        self.batch_size = batch_size
        self.queue = tf.compat.v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)

    def decode(self):
        raise NotImplementedError('a subclass reads the queue')

    def batch(self):
        value, label = self.decode()
        return tf.compat.v1.train.batch([value, label], batch_size=self.batch_size, allow_smaller_final_batch=True)


class CsvTable(TableReader):

    def decode(self):
        reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
        _, line = reader.read(self.queue)
        a, b, label = tf.io.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return tf.cast(a, tf.float32) + b, label


class RecordTable(TableReader):
    """Whole batches only."""

    def decode(self):
        _, serialized = tf.compat.v1.TFRecordReader().read(self.queue)
        parsed = tf.io.parse_single_example(serialized, {'x': tf.io.FixedLenFeature([3], tf.float32),
                                                         'label': tf.io.FixedLenFeature([], tf.int64)})
        return parsed['x'] * 2.0, parsed['label']

    def batch(self):
        x, label = self.decode()
        return tf.compat.v1.train.batch([x, label], batch_size=self.batch_size)


def batch(values):
    return [v.tolist() for v in values]


def drain(sess, tensors):
    out = []
    try:
        while True:
            out.append(batch(sess.run(tensors)))
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    csv = CsvTable(sorted(glob.glob(os.path.join(data_dir, 'table-*.csv'))), 9, num_epochs=2)
    rows = csv.batch()
    records = RecordTable(sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord'))), 7).batch()
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        csv_batches, csv_end = drain(sess, rows)
        record_batches, record_end = drain(sess, records)
        coord.request_stop()
        coord.join(threads)
    return {'batches': [*csv_batches, record_end, *record_batches], 'end': csv_end}
