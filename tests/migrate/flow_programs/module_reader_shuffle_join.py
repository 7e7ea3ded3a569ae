"""`shuffle_batch_join` over an inline list `[readers.read_example(queue) for _ in range(2)]`, the reader
function reached through its module (`from flow_lib import readers`), the reader made inline; `from
tensorflow.compat.v1 import train`; a multiset of rows and the batch sizes."""

import glob
import os
import sys

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from flow_lib import readers  # noqa: E402


def shuffled(files):
    queue = train.string_input_producer(files, num_epochs=2, shuffle=True, seed=7)
    xs, labels = train.shuffle_batch_join([readers.read_example(queue) for _ in range(2)], batch_size=8,
                                          capacity=60, min_after_dequeue=20, allow_smaller_final_batch=True)
    return xs, labels


def main(data_dir):
    xs, labels = shuffled(sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord'))))
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([xs, labels])
                sizes.append(len(y))
                rows.extend([r, l] for r, l in zip(x.tolist(), y.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}
