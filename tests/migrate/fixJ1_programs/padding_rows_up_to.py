"""A PaddingFIFOQueue of a numpy array's rows (sliced from the third on), closed inline, read by dequeue_up_to:
the short tail is kept."""
import numpy as np
import tensorflow as tf


def main(data_dir):
    grid = (np.arange(24, dtype=np.float32) / 4.0).reshape(12, 2)
    q = tf.compat.v1.PaddingFIFOQueue(20, [tf.float32], shapes=[[None]])
    put = q.enqueue_many([grid[2:]])
    pair = q.dequeue_up_to(4)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(put)
    sess.run(q.close())
    try:
        while True:
            batches.append([sess.run(pair).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
