"""A class makes its thread in ``__init__`` (list ``args=``, a module function handed the ops, ``import
threading``) and starts it in ``run()``, which returns the thread; the caller joins what ``run()`` returned."""
import threading

import tensorflow.compat.v1 as tf


def produce(sess, op, stop_op, ph, words):
    for w in words:
        sess.run(op, feed_dict={ph: w})
    sess.run(stop_op)


class WordSource:
    def __init__(self, sess, words):
        self.ph = tf.placeholder(tf.string, [])
        self.queue = tf.FIFOQueue(3, [tf.string], shapes=[[]])
        op = self.queue.enqueue([self.ph])
        stop_op = self.queue.close()
        self.batch = self.queue.dequeue_up_to(2)
        self.feeding = threading.Thread(target=produce, args=[sess, op, stop_op, self.ph, words])

    def run(self):
        self.feeding.start()
        return self.feeding


def main(data_dir):
    batches = []
    with tf.Session() as sess:
        src = WordSource(sess, ["a", "bb", "ccc", "d", "ee"])
        t = src.run()
        try:
            while True:
                batches.append([w.decode() for w in sess.run(src.batch)])
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "done"}
