"""Marimba mallet strikes for an onset detector: a seeded RandomShuffleQueue filled by one Python feeder thread with
`enqueue_many` of placeholder chunks, closed by the feeder when the epoch is pushed; the trainer takes
`dequeue_many(4)` until OutOfRangeError."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

CHUNK = 3
BATCH = 4
BARS = 5


class StrikeFeeder(object):
    def __init__(self, npz_path, capacity=64):
        data = np.load(npz_path)
        self.bars = data['bar'].astype(np.int32)
        self.envelopes = data['envelope'].astype(np.float32)
        self.bar_pl = tf.placeholder(tf.int32, [None])
        self.env_pl = tf.placeholder(tf.float32, [None, BARS])
        self.queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=4, dtypes=[tf.int32, tf.float32],
                                           shapes=[[], [BARS]], seed=70)
        self.enqueue_op = self.queue.enqueue_many([self.bar_pl, self.env_pl])
        self.close_op = self.queue.close()

    def feed(self, sess):
        for start in range(0, len(self.bars), CHUNK):
            sess.run(self.enqueue_op, feed_dict={self.bar_pl: self.bars[start:start + CHUNK],
                                                 self.env_pl: self.envelopes[start:start + CHUNK]})
        sess.run(self.close_op)

    def start(self, sess):
        t = threading.Thread(target=self.feed, args=(sess,))
        t.daemon = True
        t.start()
        return t

    def dequeue(self, n):
        return self.queue.dequeue_many(n)


def main(data_dir):
    out = os.path.join(data_dir, 'h70_marimba')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(8)
    np.savez(os.path.join(out, 'strikes.npz'), bar=np.arange(12) % 7 + 60, envelope=rng.rand(12, BARS))

    feeder = StrikeFeeder(os.path.join(out, 'strikes.npz'))
    bar_batch, env_batch = feeder.dequeue(BATCH)
    peak = tf.reduce_max(env_batch, axis=1)

    batches = []
    with tf.Session() as sess:
        t = feeder.start(sess)
        while True:
            try:
                b, e, p = sess.run([bar_batch, env_batch, peak])
            except tf.errors.OutOfRangeError:
                break
            batches.append([b.tolist(), np.round(e, 3).tolist(), np.round(p, 3).tolist()])
        t.join()
    return {"batches": batches, "end": "strikes: %d" % sum(len(b[0]) for b in batches)}
