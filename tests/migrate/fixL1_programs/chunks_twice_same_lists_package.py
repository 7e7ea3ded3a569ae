"""A generator-chunk helper of another module called twice with the same dtype and shape lists (once written
there, once a module name bound to them): both taken, each generator ends its own pipeline."""
import numpy as np
import tensorflow.compat.v1 as tf

from l1_lib import chunks

TYPES = [tf.float32, tf.int64]
DIMS = [[2], []]


def main(data_dir):
    def first():
        for k in range(4):
            yield np.full((3, 2), k, np.float32), np.arange(3, dtype=np.int64) + 3 * k

    def second():
        for k in range(3):
            yield np.full((3, 2), -k, np.float32), np.arange(3, dtype=np.int64) * k

    a_vals, a_ids = chunks.chunked_rows(first, [tf.float32, tf.int64], [[2], []], batch_size=4, rows=3)
    b_vals, b_ids = chunks.chunked_rows(second, TYPES, DIMS, batch_size=2, rows=3)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(3):
                v, i = sess.run([a_vals, a_ids])
                batches.append([v.tolist(), i.tolist()])
            for _ in range(4):
                v, i = sess.run([b_vals, b_ids])
                batches.append([v.tolist(), i.tolist()])
            sess.run(a_ids)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
