"""The feeding class in another module keeps its threads in a list its `join` joins in a loop; the learner
class that is handed the pool (keyword argument) is in the program's module; `import tensorflow as tf`."""
import numpy as np
import tensorflow as tf

from r28d_lib.pool import RowPool


class Learner:

    def __init__(self, n, pool=None):
        self.n = n
        self.source = pool

    def batch(self):
        rows, labels = self.source.q.dequeue_up_to(self.n)
        return tf.reduce_sum(rows, axis=1), labels


def main(data_dir):
    rows = [np.arange(4, dtype=np.float32) * i for i in range(10)]
    pool = RowPool(4)
    total, labels = Learner(3, pool=pool).batch()
    batches = []
    sess = tf.compat.v1.Session()
    pool.start(sess, rows)
    while True:
        try:
            t, l = sess.run([total, labels])
        except tf.errors.OutOfRangeError:
            break
        batches.append([t.tolist(), l.tolist()])
    pool.join()
    sess.close()
    return {"batches": batches, "end": "OutOfRangeError"}
