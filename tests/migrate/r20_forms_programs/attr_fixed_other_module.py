"""The fixed-length source class lives in `r20f_lib.fixed`; the caller fetches its batch attribute."""

import os

import tensorflow.compat.v1 as tf

from r20f_lib.fixed import FixedSource


def main(data_dir):
    source = FixedSource([os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)], 5)
    ids, diffs = source.batch
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, d = sess.run([ids, diffs])
                batches.append([i.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
