"""A Thread subclass (``import threading as th``) whose run() feeds chunks by enqueue_many into a
RandomShuffleQueue made under a local name with keyword arguments (``import tensorflow.compat.v1 as tf1``); a
coordinator the program also uses; a helper function starts it; batches of 4 until the close (24 elements: no
tail for the shuffle to choose)."""

import threading as th

import numpy as np
import tensorflow.compat.v1 as tf1


class ChunkFeeder(th.Thread):
    def __init__(self, coord, chunks, chunk=3):
        super().__init__(daemon=True)
        self.coord = coord
        self.chunks = chunks
        self.chunk = chunk
        self.keys = tf1.placeholder(tf1.int64, shape=[None])
        self.values = tf1.placeholder(tf1.float32, shape=[None, 2])
        queue = tf1.RandomShuffleQueue(capacity=40, min_after_dequeue=4, dtypes=[tf1.int64, tf1.float32],
                                       shapes=[[], [2]], seed=7)
        self.put = queue.enqueue_many([self.keys, self.values])
        self.done = queue.close()
        self.q = queue

    def take(self, n):
        return self.q.dequeue_many(n)

    def run(self):
        for c in range(self.chunks):
            if self.coord.should_stop():
                return
            base = np.arange(c * self.chunk, (c + 1) * self.chunk)
            self.session.run(self.put, feed_dict={self.keys: base,
                                                  self.values: np.stack([base * 1.0, base * -2.0], 1)})
        self.session.run(self.done)


def launch(feeder, session):
    feeder.session = session
    feeder.start()


def main(data_dir):
    coord = tf1.train.Coordinator()
    feeder = ChunkFeeder(coord, 8)
    keys, values = feeder.take(4)
    out, end = [], None
    sess = tf1.Session()
    launch(feeder, sess)
    try:
        while not coord.should_stop():
            k, v = sess.run([keys, values])
            out.append([k.tolist(), v.tolist()])
    except tf1.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join([feeder])
    sess.close()
    return {"batches": out, "end": end}
