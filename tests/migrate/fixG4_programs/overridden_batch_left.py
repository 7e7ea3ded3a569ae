"""The base's batch method is overridden by a subclass: left, the queue runs as it did."""
import os

import tensorflow.compat.v1 as tf

from g4_lib.overridden import Bigger
from g4_lib.rows import write_rows


def main(data_dir):
    idx, level = Bigger(write_rows(os.path.join(data_dir, "g4_over"))).next_batch()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                a, b = sess.run([idx, level])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
