"""The starter returns `[t]`; `coord.join(threads)` after a stop."""
import threading

import tensorflow.compat.v1 as tf



class PairFeeder(object):
    def __init__(self, rows):
        self.rows = rows
        self.x = tf.placeholder(tf.int64, [])
        self.queue = tf.FIFOQueue(8, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.x])

    def dequeue(self, n):
        return self.queue.dequeue_up_to(n)

    def thread_main(self, sess):
        for row in self.rows:
            sess.run(self.enqueue_op, feed_dict={self.x: row})
        sess.run(self.queue.close())

    def start_threads(self, sess):
        t = threading.Thread(target=self.thread_main, args=(sess,))
        t.daemon = True
        t.start()
        return [t]


def main(data_dir):
    feeder = PairFeeder(list(range(7)))
    batch = feeder.dequeue(2)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = feeder.start_threads(sess)
    batches, end = [], None
    try:
        while True:
            batches.append(sess.run(batch).tolist())
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
