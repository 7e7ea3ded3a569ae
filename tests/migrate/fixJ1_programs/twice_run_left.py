"""The fill run by two statements: each run enqueues again (refused with a note, not read as one fill)."""
import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    data = np.arange(8, dtype=np.int32).reshape(4, 2)
    q = tf.FIFOQueue(capacity=20, dtypes=[tf.int32], shapes=[[]])
    fill = q.enqueue_many([data[:, 1]])
    done = q.close()
    got = q.dequeue_many(2)
    batches = []
    with tf.Session() as sess:
        sess.run(fill)
        sess.run(fill)
        sess.run(done)
        while True:
            try:
                batches.append([sess.run(got).tolist()])
            except tf.errors.OutOfRangeError:
                break
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
