"""A feeding class over chunks of rows: a RandomShuffleQueue filled with ``enqueue_many`` by ``work``, started
``workers`` times in a loop (one at every call of this tree), closing the queue when its chunks run out; the
session kept by the starter and read by ``stop``, which closes with ``cancel_pending_enqueues``."""
import threading

import numpy as np
import tensorflow as tf1

tf = tf1.compat.v1


class Chunks:
    def __init__(self, rows, size):
        self.rows, self.size, self.at = rows, size, 0

    def next_chunk(self):
        if self.at >= len(self.rows):
            return None, None
        part = self.rows[self.at:self.at + self.size]
        self.at += self.size
        return part[:, :3], part[:, 3:]


class ChunkRunner(object):
    def __init__(self, rows, batch_size, chunk=5):
        self.batch_size = batch_size
        self.chunks = Chunks(rows, chunk)
        self.feats = tf.placeholder(tf.float32, shape=[None, 3])
        self.marks = tf.placeholder(tf.float32, shape=[None, 1])
        self.queue = tf.RandomShuffleQueue(capacity=30, min_after_dequeue=4, dtypes=[tf.float32, tf.float32],
                                           shapes=[[3], [1]], seed=5)
        self.put = self.queue.enqueue_many([self.feats, self.marks])
        self.done = self.queue.close()
        self.halt = False
        self.workers = []
        self.session = None

    def batch(self):
        return self.queue.dequeue_many(self.batch_size)

    def work(self, sess, coord):
        while not (coord.should_stop() or self.halt):
            feats, marks = self.chunks.next_chunk()
            if feats is None:
                sess.run(self.done)
                break
            sess.run(self.put, feed_dict={self.feats: feats, self.marks: marks})

    def start(self, sess, coord, workers=1):
        self.session = sess
        for _ in range(workers):
            t = threading.Thread(target=self.work, args=(sess, coord))
            t.daemon = True
            t.start()
            self.workers.append(t)

    def stop(self):
        self.halt = True
        if self.session is not None:
            self.session.run(self.queue.close(cancel_pending_enqueues=True))
        for t in self.workers:
            t.join()


def make_rows(n):
    return np.arange(n * 4, dtype=np.float32).reshape(n, 4)
