import threading

import numpy as np
import tensorflow.compat.v1 as tf


class RowReader(object):
    """Feeds rows of a CSV file through placeholders into a FIFOQueue from a thread."""

    def __init__(self, path, coord, batch_size, queue_size=8):
        self.path = path
        self.coord = coord
        self.batch_size = batch_size
        self.x_ph = tf.placeholder(tf.float32, shape=[3])
        self.y_ph = tf.placeholder(tf.int64, shape=[])
        self.queue = tf.FIFOQueue(queue_size, [tf.float32, tf.int64], shapes=[(3,), ()])
        self.enqueue = self.queue.enqueue([self.x_ph, self.y_ph])
        self.close = self.queue.close()
        self.threads = []

    def dequeue(self):
        return self.queue.dequeue_many(self.batch_size)

    def rows(self):
        with open(self.path) as f:
            for line in f:
                parts = line.strip().split(',')
                yield np.array([float(p) for p in parts[:3]], np.float32), int(parts[3])

    def thread_main(self, sess):
        for x, y in self.rows():
            if self.coord.should_stop():
                break
            sess.run(self.enqueue, feed_dict={self.x_ph: x, self.y_ph: y})
        sess.run(self.close)

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        self.threads.append(thread)
        return self.threads
