"""One module: the feeding class's `stop()` joins its thread with a timeout behind a check of it; the queue is
dequeued through the instance in the program, no coordinator anywhere."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Feeder(object):

    def __init__(self):
        self.x_ph = tf.placeholder(tf.float32, [2])
        self.queue = tf.FIFOQueue(4, [tf.float32], shapes=[[2]])
        self.enqueue_op = self.queue.enqueue([self.x_ph])
        self.thread = None

    def feed(self, sess, count):
        for i in range(count):
            sess.run(self.enqueue_op, feed_dict={self.x_ph: np.array([i, i * i], np.float32)})
        sess.run(self.queue.close())

    def start(self, sess, count):
        self.thread = threading.Thread(target=self.feed, args=(sess, count))
        self.thread.start()

    def stop(self):
        if self.thread is not None and self.thread.is_alive():
            self.thread.join(timeout=30)
        self.thread = None


def main(data_dir):
    feeder = Feeder()
    x = feeder.queue.dequeue_many(2)
    doubled = x * 2.0
    batches = []
    with tf.Session() as sess:
        feeder.start(sess, 9)
        try:
            while True:
                batches.append(sess.run(doubled).tolist())
        except tf.errors.OutOfRangeError:
            pass
        feeder.stop()
    return {"batches": batches, "end": "OutOfRangeError"}
