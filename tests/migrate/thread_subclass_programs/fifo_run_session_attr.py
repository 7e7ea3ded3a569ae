"""A Thread subclass (``from threading import Thread``) given the session when made; its run() feeds a
data_flow_ops FIFOQueue, stored as an attribute from a local name, through one placeholder attribute per
component; the program starts and joins it and dequeues whole batches through the instance (the tail is lost)."""

from threading import Thread

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


class RowFeeder(Thread):
    def __init__(self, sess, rows):
        Thread.__init__(self)
        self.sess = sess
        self.rows = rows
        self.row_id = tf.placeholder(tf.int64, shape=[])
        self.row = tf.placeholder(tf.float32, shape=[3])
        q = data_flow_ops.FIFOQueue(10, [tf.int64, tf.float32], shapes=[[], [3]])
        self.enqueue_op = q.enqueue([self.row_id, self.row])
        self.queue = q

    def run(self):
        for i in range(self.rows):
            self.sess.run(self.enqueue_op, feed_dict={self.row: [i * 0.5, i + 1.0, -i], self.row_id: i})
        self.sess.run(self.queue.close())


def main(data_dir):
    out, end = [], None
    with tf.Session() as sess:
        feeder = RowFeeder(sess, 23)
        ids, rows = feeder.queue.dequeue_many(5)
        feeder.daemon = True
        feeder.start()
        try:
            while True:
                a, b = sess.run([ids, rows])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        feeder.join()
    return {"batches": out, "end": end}
