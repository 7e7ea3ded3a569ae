"""The coordinator handed to start_threads(sess, coord), which keeps it as self.coord; TF2-style import; the
loop guarded by stop_on_exception; the daemon flag set apart."""
import threading

import numpy as np
import tensorflow as tf


class Feeder:
    def __init__(self, n):
        self.n = n
        self.x = tf.compat.v1.placeholder(tf.float32, shape=[None])
        self.queue = tf.compat.v1.PaddingFIFOQueue(6, [tf.float32], shapes=[[None]])
        self.enqueue_op = self.queue.enqueue([self.x])

    def feed(self, sess):
        with self.coord.stop_on_exception():
            for i in range(self.n):
                if self.coord.should_stop():
                    return
                sess.run(self.enqueue_op, feed_dict={self.x: np.arange(i % 4 + 1, dtype=np.float32) + i})
            sess.run(self.queue.close())

    def start_threads(self, sess, coord):
        self.coord = coord
        t = threading.Thread(target=self.feed, args=(sess,))
        t.daemon = True
        t.start()
        return [t]

    def batch(self, k):
        return self.queue.dequeue_up_to(k)


def main(data_dir):
    feeder = Feeder(13)
    padded = feeder.batch(3)
    coord = tf.compat.v1.train.Coordinator()
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        threads = feeder.start_threads(sess, coord)
        try:
            while True:
                out.append([sess.run(padded).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
