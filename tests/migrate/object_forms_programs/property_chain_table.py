"""Lazy `@property` stages cached on the object (`filename_queue`, `names`, `example`), the batch a method called
once: CSV rows whose label is mapped by a `tf.lookup.StaticHashTable` built in its own property;
`tables_initializer()` in the session."""

import glob
import os

import tensorflow.compat.v1 as tf

NAMES = [10, 20, 30, 40, 50]


class LabelledRows(object):
    def __init__(self, data_dir, epochs=1):
        self._files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
        self._epochs = epochs
        self._filename_queue = None
        self._names = None
        self._example = None

    @property
    def filename_queue(self):
        if self._filename_queue is None:
            self._filename_queue = tf.train.string_input_producer(self._files, num_epochs=self._epochs,
                                                                  shuffle=False)
        return self._filename_queue

    @property
    def names(self):
        """The label -> name table, made at its first use."""
        if self._names is None:
            init = tf.lookup.KeyValueTensorInitializer(tf.range(5, dtype=tf.int64),
                                                       tf.constant(NAMES, dtype=tf.int64))
            self._names = tf.lookup.StaticHashTable(init, default_value=-1)
        return self._names

    @property
    def example(self):
        if self._example is None:
            reader = tf.TextLineReader(skip_header_lines=1)
            _, line = reader.read(self.filename_queue)
            a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
            name = self.names.lookup(tf.cast(label, tf.int64))
            self._example = [a, b, name]
        return self._example

    def batch(self, size):
        return tf.train.batch(self.example, batch_size=size, allow_smaller_final_batch=True)


def main(data_dir):
    a, b, name = LabelledRows(data_dir).batch(20)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.local_variables_initializer(), tf.tables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, z = sess.run([a, b, name])
                batches.append([x.tolist(), y.tolist(), z.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
