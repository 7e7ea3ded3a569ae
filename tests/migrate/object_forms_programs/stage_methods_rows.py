"""A CSV table read in a stage method with its own parameter (`_groups(self, size)`: groups of `size` rows by
`train.batch`, the key `a` summed per group) and a second method shuffling the groups into batches of 3 (two
threads); `from tensorflow.compat.v1 import train` style. A multiset of groups and the batch sizes."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Groups(object):
    def __init__(self, data_dir):
        self.files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))

    def _groups(self, size):
        queue = train.string_input_producer(self.files, num_epochs=2, shuffle=False)
        _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
        a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        rows_a, rows_label = train.batch([a, label], batch_size=size)
        total = tf.reduce_sum(rows_a)
        return rows_a, rows_label, total

    def shuffled(self):
        rows_a, rows_label, total = self._groups(5)
        return train.shuffle_batch([rows_a, rows_label, total], batch_size=3, capacity=30, min_after_dequeue=5,
                                   num_threads=2, seed=7, allow_smaller_final_batch=True)


def main(data_dir):
    a, label, total = Groups(data_dir).shuffled()
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, z = sess.run([a, label, total])
                sizes.append(len(x))
                rows.extend(zip(x.tolist(), y.tolist(), z.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}
