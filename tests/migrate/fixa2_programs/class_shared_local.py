"""`from tensorflow.compat import v1`; the queue (with `shared_name=`) made as a local of `__init__`, then kept
on the instance; a `Thread` made inline and started in one line by the starting method; the class built once, inline
in `main`."""
import os
import threading

import numpy as np
import tensorflow as tf
from tensorflow.compat import v1

ROWS = 12


class Windows:
    def __init__(self, values):
        self.values = values
        self.x = v1.placeholder(tf.float32, shape=[2])
        queue = v1.FIFOQueue(6, [tf.float32], shapes=[[2]], shared_name='windows')
        self.q = queue
        self.push = self.q.enqueue([self.x])

    def pump(self, sess):
        for i in range(0, len(self.values) - 1, 2):
            sess.run(self.push, feed_dict={self.x: self.values[i:i + 2]})
        sess.run(self.q.close())

    def go(self, sess):
        threading.Thread(target=self.pump, args=(sess,)).start()


def main(data_dir):
    path = os.path.join(data_dir, 'fixa2_class_shared_local.txt')
    np.savetxt(path, np.arange(ROWS, dtype=np.float32) * 0.5, fmt='%.2f')
    w = Windows(np.loadtxt(path, dtype=np.float32).tolist())
    batch = w.q.dequeue_many(3)
    mean = tf.reduce_mean(batch, axis=1)
    out = []
    with v1.Session() as sess:
        w.go(sess)
        while True:
            try:
                b, m = sess.run([batch, mean])
            except tf.errors.OutOfRangeError:
                break
            out.append([b.tolist(), m.tolist()])
    return {'batches': out, 'end': 'windows: %d' % (3 * len(out))}
