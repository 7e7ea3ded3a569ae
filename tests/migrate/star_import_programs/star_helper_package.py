"""The pipeline comes from a package module through `from ... import *`, after the TensorFlow import."""

import glob
import os

import tensorflow.compat.v1 as tf

from star_lib.settings import *  # noqa: F401,F403
from star_lib.loader import *  # noqa: F401,F403


def main(data_dir):
    features, labels = table_batches(sorted(glob.glob(os.path.join(data_dir, "table-*.csv"))))  # noqa: F405
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([features, labels])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
