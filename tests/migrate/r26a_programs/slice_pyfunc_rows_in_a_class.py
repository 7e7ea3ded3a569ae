"""A class: ``slice_input_producer`` over (paths, ids) unpacked, a py_func of another module loading each file's
rows (with the id beside each row), ``enqueue_many=True`` into a ``shuffle_batch`` (compared as a multiset)."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r26a_lib.rows import load_rows


class RowLoader(object):
    def __init__(self, paths, batch_size):
        self.paths = paths
        self.batch_size = batch_size

    def inputs(self):
        path, ident = train.slice_input_producer([tf.constant(self.paths), tf.range(len(self.paths), dtype=tf.int64)],
                                                 num_epochs=1, shuffle=False)
        table, ids = tf.py_func(load_rows, [path, ident], [tf.float32, tf.int64])
        table.set_shape([None, 3])
        ids.set_shape([None])
        return train.shuffle_batch([table, ids], self.batch_size, capacity=30, min_after_dequeue=5,
                                   enqueue_many=True, allow_smaller_final_batch=True, seed=3)


def main(data_dir):
    root = os.path.join(data_dir, "r26a_slice_rows")
    os.makedirs(root, exist_ok=True)
    paths = []
    for i in range(3):
        path = os.path.join(root, "t%d.txt" % i)
        with open(path, "w") as f:
            for r in range(3 + i):
                f.write("%d %d %d\n" % (i, r, i * r))
        paths.append(path)
    table, ids = RowLoader(paths, 4).inputs()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([table, ids])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
