"""Not a thread subclass: a class whose feeding method takes only ``self`` and runs the enqueue through the
session its starting method kept on the instance (``self.sess = sess``) before making the thread whose target it
is; strings and ints through named placeholders; the program dequeues pairs up to the end."""

import threading

import tensorflow.compat.v1 as tf


class LineFeeder(object):
    def __init__(self, count):
        self.count = count
        self.text = tf.placeholder(tf.string, [])
        self.number = tf.placeholder(tf.int32, [])
        self.queue = tf.FIFOQueue(16, [tf.string, tf.int32], shapes=[[], []])
        self.enqueue = self.queue.enqueue([self.text, self.number])
        self.close = self.queue.close()

    def start(self, sess):
        self.sess = sess
        t = threading.Thread(target=self.feed)
        t.daemon = True
        t.start()
        return [t]

    def feed(self):
        for i in range(self.count):
            self.sess.run(self.enqueue, feed_dict={self.text: "line %d" % (i * 7), self.number: i})
        self.sess.run(self.close)

    def pairs(self, n):
        return self.queue.dequeue_up_to(n)


def main(data_dir):
    feeder = LineFeeder(11)
    text, number = feeder.pairs(3)
    out, end = [], None
    with tf.Session() as sess:
        threads = feeder.start(sess)
        try:
            while True:
                a, b = sess.run([text, number])
                out.append([[x.decode() for x in a], b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        for t in threads:
            t.join()
    return {"batches": out, "end": end}
