"""The pipeline reached through a package's `__init__` re-export (`import r17_pkg`; `r17_pkg.table_batches`): the
runners this script starts have nothing left to run once the package's pipeline is rewritten."""

import glob
import os

import tensorflow.compat.v1 as tf

import r17_pkg


def main(data_dir):
    metric, label = r17_pkg.table_batches(sorted(glob.glob(os.path.join(data_dir, "table-*.csv"))), batch_size=6)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                m, l = sess.run([metric, label])
                batches.append([m.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
