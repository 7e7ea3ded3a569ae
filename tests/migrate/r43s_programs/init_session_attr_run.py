"""A feeder class handed the program's session in `__init__` (`self.sess = session`): its feeding method
takes only `self`, runs `self.sess.run(self.enqueue_op, feed_dict=...)` per row, closes the queue, and a
`start` method makes the thread (`import tensorflow.compat.v1 as tf`)."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class RowFeeder(object):
    def __init__(self, session, coord, rows, batch_size=2):
        self.sess = session
        self.coord = coord
        self.rows = rows
        self.batch_size = batch_size
        self.x = tf.placeholder(tf.float32, [2], name='x')
        self.y = tf.placeholder(tf.int32, [], name='y')
        self.queue = tf.FIFOQueue(4, [tf.float32, tf.int32], shapes=[[2], []])
        self.enqueue_op = self.queue.enqueue([self.x, self.y])
        self.close_op = self.queue.close()

    def feed(self):
        for a, b, label in self.rows:
            if self.coord.should_stop():
                break
            self.sess.run(self.enqueue_op, feed_dict={self.x: [a, b], self.y: label})
        self.sess.run(self.close_op)

    def start(self):
        t = threading.Thread(target=self.feed)
        t.daemon = True
        t.start()
        return t

    def dequeue(self):
        return self.queue.dequeue_many(self.batch_size)


def write_rows(path):
    rng = np.random.RandomState(431)
    with open(path, 'w') as f:
        for i in range(8):
            f.write('%.2f,%.2f,%d\n' % (rng.uniform(0, 5), rng.uniform(0, 5), i))


def main(data_dir):
    folder = os.path.join(data_dir, 'r43s_init_attr')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    write_rows(path)
    with open(path) as f:
        rows = [(float(a), float(b), int(c)) for a, b, c in (line.strip().split(',') for line in f)]
    coord = tf.train.Coordinator()
    sess = tf.Session()
    feeder = RowFeeder(sess, coord, rows)
    x, y = feeder.dequeue()
    s = tf.reduce_sum(x, axis=1)
    thread = feeder.start()
    batches = []
    while True:
        try:
            sv, yv = sess.run([s, y])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(sv.astype(np.float64), 4).tolist(), yv.tolist()])
    coord.request_stop()
    thread.join()
    sess.close()
    return {'batches': batches, 'end': 'OutOfRangeError'}
