"""A class hands its own feeding method the ops kept on self by a list args=; dequeue_up_to keeps the short
last batch."""
import threading

import tensorflow.compat.v1 as tf


class Feeder(object):
    def __init__(self, batch):
        self.x_ph = tf.placeholder(tf.int64, [2])
        self.y_ph = tf.placeholder(tf.int64, [])
        self.queue = tf.FIFOQueue(4, [tf.int64, tf.int64], shapes=[[2], []])
        self.enqueue_op = self.queue.enqueue([self.x_ph, self.y_ph])
        self.close_op = self.queue.close()
        self.x, self.y = self.queue.dequeue_up_to(batch)

    def feed_loop(self, sess, op, close_op, x_ph, y_ph, n):
        for i in range(n):
            sess.run(op, feed_dict={x_ph: [i, i], y_ph: i * 2})
        sess.run(close_op)


    def start(self, sess, n):
        thread = threading.Thread(target=self.feed_loop,
                                  args=[sess, self.enqueue_op, self.close_op, self.x_ph, self.y_ph, n])
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
