"""The starter returns one thread, which checks the coordinator it is given; the program stops the coordinator and
joins that thread (`coord.join([feeder_thread])`)."""
import threading

import tensorflow.compat.v1 as tf



class TideFeeder(object):
    def __init__(self, rows):
        self.rows = rows
        self.x = tf.placeholder(tf.int64, [])
        self.queue = tf.FIFOQueue(8, [tf.int64], shapes=[[]])
        self.enqueue_op = self.queue.enqueue([self.x])

    def dequeue(self, n):
        return self.queue.dequeue_up_to(n)

    def thread_main(self, sess, coord):
        for row in self.rows:
            if coord.should_stop():
                break
            sess.run(self.enqueue_op, feed_dict={self.x: row})
        sess.run(self.queue.close())

    def start_threads(self, sess, coord):
        feeder_thread = threading.Thread(target=self.thread_main, args=(sess, coord))
        feeder_thread.daemon = True
        feeder_thread.start()
        return feeder_thread


def main(data_dir):
    feeder = TideFeeder(list(range(7)))
    batch = feeder.dequeue(2)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    feeder_thread = feeder.start_threads(sess, coord)
    batches, end = [], None
    try:
        while True:
            batches.append(sess.run(batch).tolist())
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join([feeder_thread])
    sess.close()
    return {"batches": batches, "end": end}
