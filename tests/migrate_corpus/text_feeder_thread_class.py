"""The text-reader shape: a class owns a PaddingFIFOQueue fed by a thread through two placeholders,
started by start_threads(sess); the consumer calls dequeue_many on the queue attribute."""

import threading

import numpy as np
import tensorflow.compat.v1 as tf


def load_sequences(n):
    for i in range(n):
        yield np.arange(i % 4 + 1, dtype=np.int32) + 10 * i, i


class TextReader:
    def __init__(self, count, capacity=8):
        self.count = count
        self.ids_ph = tf.placeholder(tf.int32, shape=[None])
        self.len_ph = tf.placeholder(tf.int32, shape=[])
        self.queue = tf.PaddingFIFOQueue(capacity, [tf.int32, tf.int32], shapes=[[None], []])
        self.enqueue_op = self.queue.enqueue([self.ids_ph, self.len_ph])

    def _feed(self, sess):
        for ids, n in load_sequences(self.count):
            sess.run(self.enqueue_op, feed_dict={self.ids_ph: ids, self.len_ph: n})
        sess.run(self.queue.close())

    def start_threads(self, sess):
        t = threading.Thread(target=self._feed, args=(sess,), daemon=True)
        t.start()
        return [t]


def main(data_dir):
    reader = TextReader(18)
    ids, lengths = reader.queue.dequeue_many(3)
    out = []
    with tf.Session() as sess:
        threads = reader.start_threads(sess)
        try:
            while True:
                a, b = sess.run([ids, lengths])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        for t in threads:
            t.join(timeout=30)
    return {"batches": out, "end": end}
