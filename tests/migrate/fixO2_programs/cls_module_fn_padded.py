"""A class keeps its ops and placeholders on self and hands them by a tuple args= to a module function; ragged
rows into a PaddingFIFOQueue, dequeue_many pads and drops the short tail."""
import threading

import tensorflow.compat.v1 as tf


def feed_loop(sess, op, close_op, x_ph, y_ph, n):
    for i in range(n):
        sess.run(op, feed_dict={x_ph: [i] * (1 + i % 3), y_ph: i * 2})
    sess.run(close_op)


class Feeder(object):
    def __init__(self, batch):
        self.x_ph = tf.placeholder(tf.int64, [None])
        self.y_ph = tf.placeholder(tf.int64, [])
        self.queue = tf.PaddingFIFOQueue(4, [tf.int64, tf.int64], shapes=[[None], []])
        self.enqueue_op = self.queue.enqueue([self.x_ph, self.y_ph])
        self.close_op = self.queue.close()
        self.x, self.y = self.queue.dequeue_many(batch)

    def start(self, sess, n):
        thread = threading.Thread(target=feed_loop,
                                  args=(sess, self.enqueue_op, self.close_op, self.x_ph, self.y_ph, n))
        thread.daemon = True
        thread.start()
        return thread


def main(data_dir):
    feeder = Feeder(3)
    batches = []
    with tf.Session() as sess:
        t = feeder.start(sess, 7)
        try:
            while True:
                a, b = sess.run([feeder.x, feeder.y])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "done"}
