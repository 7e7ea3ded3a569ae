"""A class feeding a RandomShuffleQueue by enqueue_many from a generator method that slices numpy arrays."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf

FEATURES = np.arange(56, dtype=np.float32).reshape(28, 2)  # (a whole number of batches: none dropped)
LABELS = np.arange(28, dtype=np.int64) % 4


class CustomRunner(object):
    def __init__(self, batch):
        self.batch = batch
        self.dataX = tf.placeholder(dtype=tf.float32, shape=[None, 2])
        self.dataY = tf.placeholder(dtype=tf.int64, shape=[None])
        self.queue = tf.RandomShuffleQueue(shapes=[[2], []], dtypes=[tf.float32, tf.int64], capacity=40,
                                           min_after_dequeue=10)
        self.enqueue_op = self.queue.enqueue_many([self.dataX, self.dataY])

    def data_iterator(self):
        for start in range(0, len(FEATURES), self.batch):
            yield FEATURES[start:start + self.batch], LABELS[start:start + self.batch]

    def get_inputs(self):
        images_batch, labels_batch = self.queue.dequeue_many(4)
        return images_batch, labels_batch

    def thread_main(self, sess):
        for dataX, dataY in self.data_iterator():
            sess.run(self.enqueue_op, feed_dict={self.dataX: dataX, self.dataY: dataY})
        sess.run(self.queue.close())

    def start_threads(self, sess, n_threads=1):
        threads = []
        for n in range(n_threads):
            t = threading.Thread(target=self.thread_main, args=(sess,))
            t.daemon = True
            t.start()
            threads.append(t)
        return threads


def main(data_dir):
    runner = CustomRunner(7)
    x, y = runner.get_inputs()
    out, end = [], None
    sess = tf.Session()
    runner.start_threads(sess)
    try:
        while True:
            a, b = sess.run([x, y])
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    sess.close()
    return {'batches': out, 'end': end}
