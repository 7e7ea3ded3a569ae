"""The batches come from an input module (`pp_lib.staged`: a py_func over a function raising StopIteration,
staged through a prefetch FIFOQueue); the loop starts the runners and reads to OutOfRangeError."""

import os

import tensorflow.compat.v1 as tf

from pp_lib.staged import staged_batches


def main(data_dir):
    index, value = staged_batches([os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)], 5)
    batches, end = [], None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, v = sess.run([index, value])
                batches.append([i.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
