"""A Thread subclass of a package module handed `queue_class=tf.FIFOQueue` (first) and a literal list of named
placeholders, a generator function of the program handed via `prepare`, `take(n)` -> dequeue_many, a
`should_stop` flag set after the drain."""
import numpy as np
import tensorflow.compat.v1 as tf

from fj1_lib.pump import Pump


def main(data_dir):
    def make_rows():
        for k in range(9):
            yield k * 3, np.array([k / 2.0, k + 0.25], dtype=np.float32)

    key = tf.placeholder(tf.int64, shape=[], name='key')
    pair = tf.placeholder(tf.float32, shape=[2], name='pair')
    pump = Pump(tf.FIFOQueue, [key, pair], capacity=3)
    keys, pairs = pump.take(2)
    scaled = pairs * 2.0
    batches = []
    with tf.Session() as sess:
        pump.prepare(sess, make_rows)
        pump.start()
        while True:
            try:
                k, p, s = sess.run([keys, pairs, scaled])
            except tf.errors.OutOfRangeError:
                break
            batches.append([k.tolist(), p.tolist(), s.tolist()])
        pump.should_stop = True
        pump.join()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
