"""A batch helper in the package's `__init__` (imported by name), a file-queue helper whose default epochs are its
module's `EPOCHS`, while this module has an `EPOCHS` of its own (a reused name)."""

import glob
import os

import tensorflow.compat.v1 as tf

from r15l_lib import batch_rows
from r15l_lib import sources as src

EPOCHS = 5  # not the file queue's: its default is r15l_lib.sources.EPOCHS


def rows(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))
    queue = src.table_queue(files)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
    return batch_rows(a, b * 2.0, label, batch_size=EPOCHS * 5)


def main(data_dir):
    a, b, label = rows(data_dir)
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
