"""`import tensorflow.compat.v1 as tf`; one thread (`start(sess, 1)`); the counted-down close under a `try:
... except Exception as e: coord.request_stop(e) finally:` (the report goes, the countdown with it); the
queue made by `build`, called by the program, which returns it and whose value the program drops."""
import os
import threading

import tensorflow.compat.v1 as tf


class LineFeeder:
    def __init__(self, path, coord):
        self.coord = coord
        self.lock = threading.Lock()
        self.alive = 0
        with open(path) as f:
            self.lines = [r for r in f.read().splitlines() if r]

    def build(self):
        self.value_in = tf.placeholder(tf.float32, [3])
        self.queue = tf.FIFOQueue(5, [tf.float32], shapes=[[3]])
        self.enqueue_op = self.queue.enqueue([self.value_in])
        self.close_op = self.queue.close()
        return self.queue

    def run_feed(self, sess, lines):
        try:
            for line in lines:
                if self.coord.should_stop():
                    break
                sess.run(self.enqueue_op, feed_dict={self.value_in: [float(c) for c in line.split()]})
        except Exception as e:
            self.coord.request_stop(e)
        finally:
            with self.lock:
                self.alive -= 1
                last = self.alive == 0
            if last:
                sess.run(self.close_op)

    def start(self, sess, n):
        self.alive = n
        for i in range(n):
            thread = threading.Thread(target=self.run_feed, args=(sess, self.lines[i::n]))
            thread.daemon = True
            thread.start()


def main(data_dir):
    path = os.path.join(data_dir, 'fixE_one_thread_report.txt')
    with open(path, 'w') as f:
        for i in range(10):
            f.write('%d %d %d\n' % (i, 2 * i, 3 * i))
    coord = tf.train.Coordinator()
    feeder = LineFeeder(path, coord)
    feeder.build()
    values = feeder.queue.dequeue_many(2)
    out = []
    with tf.Session() as sess:
        feeder.start(sess, 1)
        try:
            while True:
                out.append(sess.run(values).tolist())
        except tf.errors.OutOfRangeError:
            pass
    return {'batches': out, 'end': 'rows: %d' % (2 * len(out))}
