"""A reader object made here (`readers.CsvRowReader`, through its module) and handed to `rows.joined_rows` of
another module, which joins `[reader.prepare_reader(filename_queue) for _ in range(num_readers)]`: the class is
known only from this call; `reader` is also a name of another function here (another variable); a multiset of
rows and the batch sizes."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from class_lib import readers  # noqa: E402
from class_lib import rows as row_inputs  # noqa: E402


def describe(reader):
    return type(reader).__name__


def main(data_dir):
    reader = readers.CsvRowReader(scale=2.0)
    values, labels = row_inputs.joined_rows(reader, data_dir, batch_size=11, num_readers=3)
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
    return {'batches': [sizes, sorted(list(r) for r in rows)], 'end': end, 'reader': describe(reader)}
