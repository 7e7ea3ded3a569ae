"""The audio-reader shape: a class owns a PaddingFIFOQueue fed by a Python thread through a placeholder."""

import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, n, coord, queue_size=16):
        self.n = n
        self.coord = coord
        self.sample_placeholder = tf.placeholder(dtype=tf.float32, shape=None)
        self.queue = tf.PaddingFIFOQueue(queue_size, ["float32"], shapes=[(None,)])
        self.enqueue = self.queue.enqueue([self.sample_placeholder])
        self.threads = []

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def thread_main(self, sess):
        for i in range(self.n):
            if self.coord.should_stop():
                break
            sample = np.arange(i % 5 + 1, dtype=np.float32) + i
            sess.run(self.enqueue, feed_dict={self.sample_placeholder: sample})
        sess.run(self.queue.close())

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        self.threads.append(thread)
        return self.threads


def main(data_dir):
    coord = tf.train.Coordinator()
    reader = Reader(23, coord)
    batch = reader.dequeue(4)
    out = []
    with tf.Session() as sess:
        threads = reader.start_threads(sess)
        try:
            while True:
                out.append([sess.run(batch).tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": end}
