"""A reader class (three threads, a countdown closing the queue) whose queue has `shared_name=`, the class built
once, one in-process session: the name goes; `import tensorflow as tf`, `tf.compat.v1` spelled out."""
import os
import threading

import numpy as np
import tensorflow as tf

ROWS = 18


class RowFeeder:
    def __init__(self, path):
        self._guard = threading.RLock()
        self._left = 0
        with open(path) as f:
            self.rows = [r for r in f.read().splitlines() if r]
        self.x_in = tf.compat.v1.placeholder(tf.float32, [2])
        self.y_in = tf.compat.v1.placeholder(tf.int64, [])
        self.queue = tf.queue.FIFOQueue(4, [tf.float32, tf.int64], shapes=[[2], []],
                                           shared_name='row_buffer')
        self.enqueue_op = self.queue.enqueue([self.x_in, self.y_in])

    def feed(self, sess, part, parts):
        for row in self.rows[part::parts]:
            cells = row.split(',')
            sess.run(self.enqueue_op, feed_dict={self.x_in: [float(cells[1]), float(cells[2])],
                                                 self.y_in: int(cells[0])})
        with self._guard:
            self._left -= 1
            if self._left == 0:
                sess.run(self.queue.close())

    def start(self, sess, workers):
        self._left = workers
        for w in range(workers):
            threading.Thread(target=self.feed, args=(sess, w, workers)).start()

    def batch(self, n):
        return self.queue.dequeue_many(n)


def main(data_dir):
    path = os.path.join(data_dir, 'fixa2_class_shared_countdown.csv')
    with open(path, 'w') as f:
        for i in range(ROWS):
            f.write('%d,%.1f,%.1f\n' % (i % 4, i, -0.5 * i))
    feeder = RowFeeder(path)
    xs, ys = feeder.batch(3)
    total = tf.reduce_sum(xs, axis=1)
    out = []
    with tf.compat.v1.Session() as sess:
        feeder.start(sess, 3)
        try:
            while True:
                a, b, t = sess.run([xs, ys, total])
                out.append([a.tolist(), b.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            pass
    return {'batches': out, 'end': 'rows: %d' % sum(len(b[1]) for b in out)}
