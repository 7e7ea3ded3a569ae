"""A FIFOQueue builder of another module (`tf.train` spelled there) enqueue_many's each row's three values; the
caller reads `dequeue_many(5)`: 7 rows give 21 values, four batches, the last value dropped as legacy drops it."""
import os

import tensorflow.compat.v1 as tf

import r34s_lib.queues
from r34s_lib import corpus


def main(data_dir):
    path = corpus.write_rows(os.path.join(data_dir, "r34s_rows"), rows=7)
    queue = r34s_lib.queues.row_values([path])
    values, ids = queue.dequeue_many(5)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = corpus.drain(sess, [values, ids])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "%d batches" % len(batches)}
