"""A CSV pipeline in another module's helper that binds `value` before the reader does (a Python count, a
comprehension's variable) and rebinds `line` after the batch; the caller reuses `value` too."""

import os

import tensorflow as tf

from r21n_lib.rows import row_batches

if int(tf.__version__.split(".")[0]) >= 2:
    tf = tf.compat.v1


def main(data_dir):
    value = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(2)]
    (rows, labels), line = row_batches(value, 7)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([rows, labels])
                batches.append([x.tolist(), y.tolist(), line])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
