"""`import tensorflow as tf`, `tf.compat.v1` spelled out; the class in the program's module; the count zeroed
by the starter itself before its loop, the `if` inside the lock's block (no flag), the feeder's last
statement (no `try`); three threads, each on its own slice; the queue made in `__init__`."""
import os
import threading

import tensorflow as tf


class RowFeeder:
    def __init__(self, path):
        self.guard = threading.Lock()
        with open(path) as f:
            self.rows = [r for r in f.read().splitlines() if r]
        self.x_in = tf.compat.v1.placeholder(tf.float32, [2])
        self.y_in = tf.compat.v1.placeholder(tf.int64, [])
        self.queue = tf.compat.v1.FIFOQueue(4, [tf.float32, tf.int64], shapes=[[2], []])
        self.enqueue_op = self.queue.enqueue([self.x_in, self.y_in])

    def feed(self, sess, part, parts):
        for row in self.rows[part::parts]:
            cells = row.split(',')
            sess.run(self.enqueue_op, feed_dict={self.x_in: [float(cells[1]), float(cells[2])],
                                                 self.y_in: int(cells[0])})
        with self.guard:
            self.finished += 1
            if self.finished == self.workers:
                sess.run(self.queue.close())

    def start(self, sess, workers):
        self.workers = workers
        self.finished = 0
        for w in range(workers):
            threading.Thread(target=self.feed, args=(sess, w, workers)).start()

    def batch(self, n):
        return self.queue.dequeue_many(n)


def main(data_dir):
    path = os.path.join(data_dir, 'fixE_count_up_inline.csv')
    with open(path, 'w') as f:
        for i in range(18):
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
