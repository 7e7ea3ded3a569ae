"""Two functions each start feeding threads and a closer thread (it joins them and runs the close op), under the
same local names (`feed`, `closer`, `workers`, `close_op`, `enqueue_op`)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def read(sess, lo, n, size):
    value = tf.placeholder(tf.int64, shape=[])
    queue = tf.FIFOQueue(32, [tf.int64], shapes=[[]])
    enqueue_op = queue.enqueue([value])
    close_op = queue.close()
    batch = queue.dequeue_many(size)

    def feed(sess, part):
        for v in part:
            sess.run(enqueue_op, feed_dict={value: v})

    def closer(sess, workers, close_op):
        for w in workers:
            w.join()
        sess.run(close_op)

    workers = [threading.Thread(target=feed, args=(sess, range(lo + k, lo + n, 2))) for k in range(2)]
    for w in workers:
        w.start()
    threading.Thread(target=closer, args=(sess, workers, close_op)).start()
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def evaluate(sess, lo, n, size):
    value = tf.placeholder(tf.int64, shape=[])
    queue = tf.FIFOQueue(32, [tf.int64], shapes=[[]])
    enqueue_op = queue.enqueue([value])
    close_op = queue.close()
    batch = queue.dequeue_many(size)

    def feed(sess, part):
        for v in part:
            sess.run(enqueue_op, feed_dict={value: v})

    def closer(sess, workers, close_op):
        for w in workers:
            w.join()
        sess.run(close_op)

    workers = [threading.Thread(target=feed, args=(sess, range(lo + k, lo + n, 2))) for k in range(2)]
    for w in workers:
        w.start()
    threading.Thread(target=closer, args=(sess, workers, close_op)).start()
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    with tf.Session() as sess:
        out = read(sess, 0, 16, 4) + evaluate(sess, 100, 8, 2)
    return {'batches': out, 'end': 'OutOfRangeError'}
