"""A class makes its thread in ``__init__`` on its own feeding method (the ops kept on ``self``), named, and
starts it in ``__enter__``; ``__exit__`` joins it; ``import threading as th``."""
import threading as th

import numpy as np
import tensorflow.compat.v1 as tf


class Stream(object):
    def __init__(self, session, count, batch=2):
        self.ph = tf.placeholder(tf.float32, [2])
        self.q = tf.FIFOQueue(4, [tf.float32], shapes=[[2]])
        self.push = self.q.enqueue([self.ph])
        self.done = self.q.close()
        self.out = self.q.dequeue_many(batch)
        self.worker = th.Thread(target=self.fill, args=(session, count), name="stream-fill")
        self.worker.daemon = True

    def fill(self, session, count):
        for i in range(count):
            session.run(self.push, feed_dict={self.ph: np.array([i, i * 0.5], np.float32)})
        session.run(self.done)

    def __enter__(self):
        self.worker.start()
        return self

    def __exit__(self, *exc):
        self.worker.join()
        return False


def main(data_dir):
    batches = []
    with tf.Session() as sess:
        with Stream(sess, 7) as s:
            try:
                while True:
                    batches.append(sess.run(s.out).tolist())
            except tf.errors.OutOfRangeError:
                pass
    return {"batches": batches, "end": "done"}
