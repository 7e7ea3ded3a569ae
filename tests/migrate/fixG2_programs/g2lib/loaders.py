"""A loader feeding whole padded batches: a sparse placeholder densified in the enqueue, a cast of a fed int64
placeholder; the feeding thread registered with the coordinator."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class PaddedLoader:
    def __init__(self, width, batch_size, samples):
        self.width, self.batch_size, self.samples = width, batch_size, samples
        self.frames = tf.placeholder(tf.float32, [batch_size, None, width])
        self.lengths = tf.placeholder(tf.int64, [batch_size])
        self.tags = tf.sparse_placeholder(tf.int32)
        self.queue = tf.FIFOQueue(capacity=8, dtypes=[tf.float32, tf.int32, tf.int32])
        self.enqueue_op = self.queue.enqueue([self.frames, tf.cast(self.lengths, tf.int32),
                                              tf.sparse.to_dense(self.tags, default_value=-7)])

    def get(self):
        return self.queue.dequeue()

    def _fill(self, sess, coord):
        for start in range(0, len(self.samples), self.batch_size):
            group = self.samples[start:start + self.batch_size]
            longest = max(len(f) for f, _ in group)
            frames = np.zeros((len(group), longest, self.width), np.float32)
            for i, (f, _) in enumerate(group):
                frames[i, :len(f)] = f
            idx = [[i, j] for i, (_, t) in enumerate(group) for j in range(len(t))]
            vals = [v for _, t in group for v in t]
            tags = tf.SparseTensorValue(np.array(idx, np.int64), np.array(vals), [len(group), longest])
            sess.run(self.enqueue_op, feed_dict={self.frames: frames, self.lengths: [len(f) for f, _ in group],
                                                 self.tags: tags})
            if coord.should_stop():
                break

    def start_threads(self, sess, coord, n_threads=1):
        threads = []
        for _ in range(n_threads):
            t = threading.Thread(target=self._fill, args=(sess, coord))
            t.daemon = True
            t.start()
            coord.register_thread(t)
            threads.append(t)
        return threads


def samples(n, width):
    rng = np.random.RandomState(3)
    return [(rng.uniform(size=(1 + i % 3, width)).round(3), list(range(1, 2 + i % 2))) for i in range(n)]
