"""The lists made by a function of another module imported by name (`from csv_lists_lib.per_file import
file_columns`), one per CSV file, dicts joined by `batch_join` keeping the smaller final batch;
`import tensorflow.compat.v1 as tf`; a multiset of rows and the batch sizes."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from csv_lists_lib.per_file import file_columns  # noqa: E402


def main(data_dir):
    files = [os.path.join(data_dir, 'table-%d.csv' % i) for i in range(2)]
    columns = [file_columns(f, 2) for f in files]
    batch = tf.train.batch_join(columns, batch_size=6, allow_smaller_final_batch=True)
    rows, sizes, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(batch)
                sizes.append(len(got['label']))
                rows.extend(zip(got['sum'].tolist(), got['label'].tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}
