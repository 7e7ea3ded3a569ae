"""A feeding class whose `__init__` makes placeholders, the queue, its enqueue op and `self.batch =
self.queue.dequeue_many(n)`; one thread started by a method feeds it; the program reads `feeder.batch`."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class TrajectoryQueue(object):
    def __init__(self, path, batch_size):
        self.path = path
        self.state = tf.placeholder(tf.int32, [3])
        self.reward = tf.placeholder(tf.float32, [3])
        self.queue = tf.FIFOQueue(8, [tf.int32, tf.float32], shapes=[[3], [3]])
        self.enqueue_op = self.queue.enqueue([self.state, self.reward])
        self.batch = self.queue.dequeue_many(batch_size)

    def feed(self, sess):
        rows = np.load(self.path)
        for i in range(len(rows["state"])):
            sess.run(self.enqueue_op, feed_dict={self.state: rows["state"][i], self.reward: rows["reward"][i]})
        sess.run(self.queue.close())

    def start(self, sess):
        t = threading.Thread(target=self.feed, args=(sess,))
        t.daemon = True
        t.start()
        return [t]


def main(data_dir):
    path = os.path.join(data_dir, "r35i_one.npz")
    np.savez(path, state=np.arange(24, dtype=np.int32).reshape(8, 3),
             reward=np.round(np.linspace(0, 1, 24), 2).astype(np.float32).reshape(8, 3))
    queue = TrajectoryQueue(path, 2)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = queue.start(sess)
    batches = []
    try:
        while True:
            state, reward = sess.run(queue.batch)
            batches.append([state.tolist(), np.round(reward, 2).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps: %d" % len(batches)}
