"""The two-component queue class of a helper module, imported as a module, reading to the end."""
import numpy as np
import tensorflow.compat.v1 as tf

from j2_feeds import two_part_queue


def chunks():
    rows = np.arange(21, dtype=np.float32).reshape(7, 3)
    for i in range(0, 7, 2):
        yield rows[i:i + 2], np.arange(i, min(i + 2, 7), dtype=np.int64)


def main(data_dir):
    q = two_part_queue.PairQueue(chunks)
    xs, ys = q.take(3)
    batches = []
    with tf.Session() as sess:
        t = q.launch(sess)
        try:
            while True:
                x, y = sess.run([xs, ys])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "pairs: %d" % sum(len(b[1]) for b in batches)}
