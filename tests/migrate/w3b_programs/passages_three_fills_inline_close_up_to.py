"""A list of Python rows enqueue_many'd three times (the loop holds the run alone; `import tensorflow as tf`),
closed inline by `sess.run(q.close())`, drained by dequeue_up_to (the short tail kept)."""
import numpy as np
import tensorflow as tf

FILLS = 3


class Ledger:
    def read(self):
        ids = [7, 8, 9, 10, 11]
        weights = np.linspace(0.5, 2.5, 5) * 2
        q = tf.compat.v1.FIFOQueue(40, [tf.int64, tf.float32], shapes=[[], []])
        fill = q.enqueue_many([ids, weights])
        out = q.dequeue_up_to(4)
        batches = []
        with tf.compat.v1.Session() as sess:
            for _ in range(FILLS):
                sess.run(fill)
            sess.run(q.close())
            try:
                while True:
                    a, b = sess.run(out)
                    batches.append([a.tolist(), b.tolist()])
            except tf.errors.OutOfRangeError:
                pass
        return batches


def main(data_dir):
    batches = Ledger().read()
    return {"batches": batches, "end": "batches: %d" % len(batches)}
