"""A reader class whose `__init__` makes its queue under the local name `queue` (the name reused by
`main` for the rows), fed by a method run as a thread's target from `start_threads`."""

import threading

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import placeholder


class Reader(object):
    def __init__(self, rows):
        self.rows = rows
        self.sample = placeholder(dtype=tf.float32, shape=None)
        queue = tf.PaddingFIFOQueue(8, ['float32'], shapes=[(None,)])
        self.enqueue = queue.enqueue([self.sample])
        self.batch = queue.dequeue_many(2)

    def thread_main(self, sess):
        for row in self.rows:
            sess.run(self.enqueue, feed_dict={self.sample: np.arange(row, dtype=np.float32)})

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]


def main(data_dir):
    queue = [3, 1, 4, 1, 5, 2, 6, 3]
    reader = Reader(queue)
    batches = []
    with tf.Session() as sess:
        reader.start_threads(sess)
        for _ in range(4):
            batches.append(sess.run(reader.batch).tolist())
    return {"batches": batches, "end": len(batches)}
