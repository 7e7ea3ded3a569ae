"""A feeder class in the program's own module, handed the coordinator, with the logged report handler."""

import threading
import traceback

import numpy as np
import tensorflow.compat.v1 as tf


class RowFeeder(threading.Thread):
    def __init__(self, coord, rows):
        threading.Thread.__init__(self)
        self.coord = coord
        self.rows = rows
        self.row = tf.placeholder(tf.int32, [3], 'row')
        queue = tf.FIFOQueue(3, [tf.int32], shapes=[[3]])
        self.enqueue_op = queue.enqueue([self.row])
        self.batch = queue.dequeue_many(2)

    def start_in_session(self, session):
        self.session = session
        self.start()

    def run(self):
        try:
            while not self.coord.should_stop():
                for r in self.rows:
                    self.session.run(self.enqueue_op, feed_dict={self.row: np.array([r, r * r, -r], np.int32)})
        except Exception as e:
            if not self.coord.should_stop():
                traceback.print_exc()
            self.coord.request_stop(e)


def main(data_dir):
    coord = tf.train.Coordinator()
    feeder = RowFeeder(coord, list(range(7)))
    batches = []
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        try:
            for _ in range(6):
                if coord.should_stop():
                    break
                batches.append(sess.run(feeder.batch).tolist())
        finally:
            coord.request_stop()
    return {"batches": batches, "end": len(batches)}
