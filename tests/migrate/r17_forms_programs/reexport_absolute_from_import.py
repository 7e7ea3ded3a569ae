"""The pipeline reached through a package `__init__` that re-exports it by an absolute import under another name,
imported by name here (`from r17_abs import batches_of_records`), with a `tensorflow as tf` + compat.v1 loop."""

import glob
import os

import tensorflow as tf

from r17_abs import batches_of_records


def main(data_dir):
    x, label = batches_of_records(sorted(glob.glob(os.path.join(data_dir, "records-*.tfrecord"))))
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                a, b = sess.run([x, label])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
