"""A training loop over a loader object of another module (`pv_lib/loader.py`): two epochs, full batches only,
a Coordinator, the end of data as OutOfRangeError."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from pv_lib.loader import RecordLoader


def main(data_dir):
    loader = RecordLoader(os.path.join(data_dir, "records-*.tfrecord"))
    features, labels = loader.batches(12)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run([features, labels])
                batches.append([f.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
