"""The chunked feeder as a class in the program's own module (``import tensorflow as tf`` with
``tf.compat.v1``), a ``self.coord`` guard, the remainder enqueued after the loop, then the close."""
import collections
import os
import threading

import numpy as np
import tensorflow as tf

Pair = collections.namedtuple('Pair', ['x', 'y'])


class ChunkFeeder:
    def __init__(self, coord, n=11, chunk=3, batch_size=2):
        self.coord = coord
        self.n, self.chunk, self.batch_size = n, chunk, batch_size
        self.x_ph = tf.compat.v1.placeholder(tf.float32, [None, 3], name='x')
        self.y_ph = tf.compat.v1.placeholder(tf.int64, [None], name='y')
        self.queue = tf.compat.v1.FIFOQueue(5, [tf.float32, tf.int64], shapes=[[3], []])
        self.enqueue_op = self.queue.enqueue_many([self.x_ph, self.y_ph])
        self.close_op = self.queue.close()
        self.threads = []

    def samples(self):
        rng = np.random.RandomState(7)
        for i in range(self.n):
            yield Pair(rng.rand(3).astype(np.float32), i * i)

    def _feed(self, sess):
        with self.coord.stop_on_exception():
            xs, ys = [], []
            for s in self.samples():
                xs.append(s.x)
                ys.append(s.y)
                if len(xs) >= self.chunk:
                    sess.run(self.enqueue_op, feed_dict={self.x_ph: np.stack(xs), self.y_ph: ys})
                    xs, ys = [], []
            if xs:
                sess.run(self.enqueue_op, feed_dict={self.x_ph: np.stack(xs), self.y_ph: ys})
            sess.run(self.close_op)

    def start(self, sess):
        t = threading.Thread(target=self._feed, args=(sess,))
        t.daemon = True
        t.start()
        self.threads.append(t)
        return self.threads

    def batch(self):
        x, y = self.queue.dequeue_many(self.batch_size)
        return Pair(x, y)


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r31c_class'), exist_ok=True)
    tf.compat.v1.disable_eager_execution()
    coord = tf.compat.v1.train.Coordinator()
    feeder = ChunkFeeder(coord)
    b = feeder.batch()
    total = tf.reduce_sum(b.x, axis=1)
    batches = []
    with tf.compat.v1.Session() as sess:
        threads = feeder.start(sess)
        try:
            while not coord.should_stop():
                t, y = sess.run([total, b.y])
                batches.append([np.round(t, 5).tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
