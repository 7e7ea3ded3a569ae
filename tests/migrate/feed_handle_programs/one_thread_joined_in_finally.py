"""One thread, kept as `thread`, joined alone in a `finally:` block."""
import threading

import tensorflow.compat.v1 as tf



class WaveFeeder(object):
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
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return thread


def main(data_dir):
    feeder = WaveFeeder(list(range(7)))
    batch = feeder.dequeue(2)
    sess = tf.Session()
    coord = None
    thread = feeder.start_threads(sess)
    try:
        batches, end = [], None
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
    finally:
        thread.join()
    sess.close()
    return {"batches": batches, "end": end}
