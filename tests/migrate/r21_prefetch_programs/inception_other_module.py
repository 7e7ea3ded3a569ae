"""Inception's evaluation input: a data set object (a class of another module) whose documented `reader()` makes
the reader, passed to another module's `inputs` (two readers into a FIFOQueue, behind `if num_readers > 1:`)."""

import tensorflow.compat.v1 as tf

from r21p_lib import processing
from r21p_lib.records import Shards


def main(data_dir):
    dataset = Shards(data_dir)
    xs, labels = processing.inputs(dataset)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = []
        for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
            threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))
        try:
            while not coord.should_stop():
                a, b = sess.run([xs, labels])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads, stop_grace_period_secs=10)
    return {"batches": batches, "end": end}
