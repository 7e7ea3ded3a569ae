"""A threading.Thread subclass runs an enqueue op with feed_dict=dict(zip(placeholders, sample())) and closes
the queue when its data ends; the main loop dequeues batches until OutOfRangeError."""

import threading

import numpy as np
import tensorflow.compat.v1 as tf


class EnqueueThread(threading.Thread):
    def __init__(self, sess, queue, sample, inputs):
        super(EnqueueThread, self).__init__()
        self.daemon = True
        self.sess = sess
        self.queue = queue
        self.sample = sample
        self.inputs = inputs
        self.op = self.queue.enqueue(inputs)
        self.close_op = self.queue.close()

    def run(self):
        for data in self.sample():
            feed_dict = dict(zip(self.inputs, data))
            self.sess.run(self.op, feed_dict=feed_dict)
        self.sess.run(self.close_op)


def samples():
    for i in range(17):
        yield np.float32(i) * 0.5, np.int32(i)


def main(data_dir):
    x = tf.placeholder(tf.float32, shape=[])
    y = tf.placeholder(tf.int32, shape=[])
    queue = tf.FIFOQueue(10, [tf.float32, tf.int32], shapes=[[], []])
    xs, ys = queue.dequeue_up_to(5)
    out = []
    with tf.Session() as sess:
        thread = EnqueueThread(sess, queue, samples, [x, y])
        thread.start()
        try:
            while True:
                a, b = sess.run([xs, ys])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        thread.join(10)
    return {"batches": out, "end": end}
