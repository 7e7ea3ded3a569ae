"""The feed thread on a class: `ChunkFeeder` makes the placeholders and queue in `__init__`, `batches(n)` batches
its `dequeue()` by `train.batch`, `start(sess)` keeps the thread on `self.thread` (daemon, its `isDaemon()` read)."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class ChunkFeeder(object):
    def __init__(self, data, chunk):
        self.data = data
        self.chunk = chunk
        self.ph = tf.placeholder(tf.float32, shape=[chunk, 2])
        self.queue = tf.FIFOQueue(capacity=10, dtypes=[tf.float32], shapes=[[2]])
        self.enqueue_op = self.queue.enqueue_many([self.ph])

    def batches(self, n):
        row = self.queue.dequeue()
        return tf.train.batch([row], batch_size=n, capacity=10)

    def feed(self, sess):
        under = 0
        while True:
            upper = under + self.chunk
            if upper <= len(self.data):
                cur = self.data[under:upper]
                under = upper
            else:
                rest = upper - len(self.data)
                cur = np.concatenate((self.data[under:], self.data[:rest]))
                under = rest
            try:
                sess.run(self.enqueue_op, feed_dict={self.ph: cur})
            except (tf.errors.CancelledError, tf.errors.AbortedError):
                break

    def start(self, sess):
        self.thread = threading.Thread(target=self.feed, args=(sess,))
        self.thread.daemon = True
        self.thread.isDaemon()
        self.thread.start()


def main(data_dir):
    folder = os.path.join(data_dir, "r44t_class")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "pts.npy")
    np.save(path, np.arange(18, dtype=np.float32).reshape(9, 2))
    feeder = ChunkFeeder(np.load(path), 4)
    batch = feeder.batches(3)
    out = []
    with tf.Session() as sess:
        feeder.start(sess)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(5):
            out.append(sess.run(batch).tolist())
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "steps: %d" % len(out)}
