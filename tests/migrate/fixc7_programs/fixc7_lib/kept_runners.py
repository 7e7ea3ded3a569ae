"""A context starting the queue runners, for a program whose prefetch queue stays legacy."""
import contextlib

import tensorflow.compat.v1 as tf


@contextlib.contextmanager
def running(sess):
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        yield
    finally:
        coord.request_stop()
        coord.join(threads)
