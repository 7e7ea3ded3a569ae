"""A ``threading.Thread`` subclass of the module handed the queue (through a builder that returns it with its
placeholders), its constructor making the enqueue op and ``run`` feeding it from a list, the close after the
loop (``import tensorflow.compat.v1 as tf``, ``from threading import Thread``)."""
import os
from threading import Thread

import numpy as np
import tensorflow.compat.v1 as tf


class Feeder(Thread):
    def __init__(self, sess, queue, items, ph):
        Thread.__init__(self)
        self.sess = sess
        self.items = items
        self.ph = ph
        self.enqueue_op = queue.enqueue([ph])
        self.close_op = queue.close()

    def run(self):
        for item in self.items:
            self.sess.run(self.enqueue_op, feed_dict={self.ph: item})
        self.sess.run(self.close_op)


def build_queue():
    ph = tf.placeholder(tf.int64, [3])
    queue = tf.FIFOQueue(4, [tf.int64], shapes=[[3]])
    return queue, ph


def main(data_dir):
    folder = os.path.join(data_dir, 'fixT_same')
    os.makedirs(folder, exist_ok=True)
    items = [np.arange(i, i + 3) for i in range(0, 24, 2)]
    queue, ph = build_queue()
    rows = queue.dequeue_many(4)
    total = tf.reduce_sum(rows)
    batches = []
    with tf.Session() as sess:
        feeder = Feeder(sess, queue, items, ph)
        feeder.start()
        try:
            while True:
                r, t = sess.run([rows, total])
                batches.append([r.tolist(), int(t)])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        feeder.join()
    return {"batches": batches, "end": end}
