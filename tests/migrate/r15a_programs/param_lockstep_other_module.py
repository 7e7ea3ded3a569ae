"""The lockstep pipeline in another module (`r15a_lib.lockstep`), imported as a module; its `threads` parameter
is passed the literal 1 by keyword here."""

import glob
import os

import tensorflow.compat.v1 as tf

from r15a_lib import lockstep


def main(data_dir):
    tables = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
    a, b, label = lockstep.paired_rows(tables[:1], tables[1:2], threads=1)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y, z = sess.run([a, b, label])
                batches.append([x.tolist(), y.tolist(), z.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
