"""Feeding threads of a class, each on its own shard; the last to end closes the queue: a count up under a
lock to the thread count ``__init__`` kept (``self.workers``), the threads' loop counting to that same number."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class ShardFeeder:
    def __init__(self, shards, workers):
        self.shards = shards
        self.workers = workers
        self.values = tf.placeholder(tf.float32, [None, 2])
        self.keys = tf.placeholder(tf.int64, [None])
        self.queue = tf.RandomShuffleQueue(32, 0, [tf.float32, tf.int64], shapes=[[2], []], seed=9)
        self.enqueue = self.queue.enqueue_many([self.values, self.keys])
        self.finished = 0
        self.lock = threading.Lock()

    def batch(self, n):
        return self.queue.dequeue_many(n)

    def feed(self, sess, k):
        try:
            for path in self.shards[k::self.workers]:
                data = np.loadtxt(path, delimiter=",", ndmin=2)
                sess.run(self.enqueue, {self.values: data[:, 1:].astype(np.float32),
                                        self.keys: data[:, 0].astype(np.int64)})
        finally:
            with self.lock:
                self.finished += 1
                if self.finished == self.workers:
                    sess.run(self.queue.close())

    def start_feeding(self, sess):
        threads = []
        for k in range(self.workers):
            t = threading.Thread(target=self.feed, args=(sess, k))
            t.daemon = True
            t.start()
            threads.append(t)
        return threads


def main(data_dir):
    folder = os.path.join(data_dir, "fixb1_shards")
    os.makedirs(folder, exist_ok=True)
    shards = []
    for s in range(5):
        path = os.path.join(folder, "shard%d.csv" % s)
        with open(path, "w") as f:
            for i in range(4):
                f.write("%d,%d.25,%d.5\n" % (s * 10 + i, s, i))
        shards.append(path)
    feeder = ShardFeeder(shards, 3)
    vals, keys = feeder.batch(5)
    sess = tf.Session()
    threads = feeder.start_feeding(sess)
    batches = []
    while True:
        try:
            v, k = sess.run([vals, keys])
        except tf.errors.OutOfRangeError:
            break
        batches.append([v.tolist(), k.tolist()])
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "rows: %d" % (5 * len(batches))}
