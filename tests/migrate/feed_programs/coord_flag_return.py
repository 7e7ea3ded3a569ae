"""TF2-style spelling: the coordinator handed to `start_threads` and kept as self.coord; the feeding method
returns on a stop after setting a flag on two names (`done = finished = True; return`), then closes the queue."""
import threading

import tensorflow as tf


class Counter(object):
    def __init__(self, limit):
        self.limit = limit
        self.value = tf.compat.v1.placeholder(tf.int32, shape=[])
        self.queue = tf.compat.v1.FIFOQueue(6, [tf.int32], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.value])
        self.close_op = self.queue.close()

    def thread_main(self, sess):
        done = False
        for i in range(self.limit):
            if self.coord.should_stop():
                done = finished = True
                return
            sess.run(self.enqueue_op, feed_dict={self.value: 3 * i + 1})
        sess.run(self.close_op)

    def start_threads(self, sess, coord):
        self.coord = coord
        t = threading.Thread(target=self.thread_main, args=(sess,))
        t.daemon = True
        t.start()
        return [t]

    def take(self, n):
        return self.queue.dequeue_up_to(n)


def main(data_dir):
    counter = Counter(23)
    got = counter.take(4)
    coord = tf.compat.v1.train.Coordinator()
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        threads = counter.start_threads(sess, coord)
        try:
            while True:
                out.append([sess.run(got).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
