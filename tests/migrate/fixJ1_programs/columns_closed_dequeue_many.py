"""Columns of a numpy table enqueued once by enqueue_many (a tuple), closed, drained by dequeue_many(3): the
short tail is dropped."""
import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    table = np.arange(33, dtype=np.int64).reshape(11, 3)
    queue = tf.FIFOQueue(capacity=16, dtypes=[tf.int64, tf.float32], shapes=[[], []])
    fill = queue.enqueue_many((table[:, 0], table[:, 2]))
    close_op = queue.close()
    first, third = queue.dequeue_many(3)
    mixed = tf.cast(first, tf.float32) * 0.5 + third
    batches = []
    with tf.Session() as sess:
        fill.run()
        close_op.run()
        while True:
            try:
                a, b, c = sess.run([first, third, mixed])
            except tf.errors.OutOfRangeError:
                break
            batches.append([a.tolist(), b.tolist(), c.tolist()])
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
