"""`import tensorflow as tf` with `tf.compat.v1` calls: two functions each make a FIFOQueue fed by a list of
threads under a coordinator, a close op and a closer run after the join, all under the same local names."""
import threading

import numpy as np
import tensorflow as tf


def rows(lo, n):
    return lo + np.arange(n * 2, dtype=np.int64).reshape(n, 2)


def train(sess, n):
    features = tf.compat.v1.placeholder(tf.int64, shape=[2])
    queue = tf.compat.v1.FIFOQueue(64, [tf.int64], shapes=[[2]])
    enqueue_op = queue.enqueue([features])
    close_op = queue.close()
    batch = queue.dequeue_many(4)
    coord = tf.compat.v1.train.Coordinator()

    def feed(sess, coord, part):
        for row in part:
            if coord.should_stop():
                break
            sess.run(enqueue_op, feed_dict={features: row})

    data = rows(0, n)
    threads = [threading.Thread(target=feed, args=(sess, coord, data[k::2])) for k in range(2)]
    for t in threads:
        t.start()
    coord.join(threads)
    sess.run(close_op)
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def evaluate(sess, n):
    features = tf.compat.v1.placeholder(tf.int64, shape=[2])
    queue = tf.compat.v1.FIFOQueue(64, [tf.int64], shapes=[[2]])
    enqueue_op = queue.enqueue([features])
    close_op = queue.close()
    batch = queue.dequeue_many(4)
    coord = tf.compat.v1.train.Coordinator()

    def feed(sess, coord, part):
        for row in part:
            if coord.should_stop():
                break
            sess.run(enqueue_op, feed_dict={features: row})

    data = rows(1000, n)
    threads = [threading.Thread(target=feed, args=(sess, coord, data[k::2])) for k in range(2)]
    for t in threads:
        t.start()
    coord.join(threads)
    sess.run(close_op)
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    with tf.compat.v1.Session() as sess:
        out = train(sess, 16) + evaluate(sess, 8)
    return {'batches': out, 'end': 'OutOfRangeError'}
