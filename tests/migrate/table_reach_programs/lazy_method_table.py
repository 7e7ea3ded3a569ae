"""A label table made by a method on its first call (`Labels.name_of`), called between the read and the batch:
CSV rows whose label is mapped to a name id; `tables_initializer()` in the session."""

import glob
import os

import tensorflow.compat.v1 as tf


class Labels(object):
    def __init__(self, names):
        self.names = names
        self._table = None

    def name_of(self, label):
        if self._table is None:
            init = tf.lookup.KeyValueTensorInitializer(tf.range(len(self.names), dtype=tf.int64),
                                                       tf.constant(self.names, dtype=tf.int64))
            self._table = tf.lookup.StaticHashTable(init, default_value=-1)
        return self._table.lookup(tf.cast(label, tf.int64))


def main(data_dir):
    labels = Labels([10, 20, 30, 40, 50])
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    name = labels.name_of(label)
    a_batch, name_batch = tf.train.batch([a, name], batch_size=16, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.local_variables_initializer(), tf.tables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([a_batch, name_batch])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
