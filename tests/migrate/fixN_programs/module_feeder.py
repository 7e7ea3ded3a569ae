"""A module-level feeding function handed its ops by the thread, used by one function; another function makes
its own queue and thread under the same names (`queue`, `enqueue_op`, `placeholder`, `thread`) with a nested
feeder."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def load_and_enqueue(sess, enqueue_op, placeholder, data, close_op):
    for i in range(0, len(data), 3):
        sess.run(enqueue_op, feed_dict={placeholder: data[i:i + 3]})
    sess.run(close_op)


def train(sess):
    placeholder = tf.placeholder(tf.int32, shape=[None])
    queue = tf.FIFOQueue(16, [tf.int32], shapes=[[]])
    enqueue_op = queue.enqueue_many([placeholder])
    close_op = queue.close()
    batch = queue.dequeue_many(3)
    data = np.arange(18, dtype=np.int32)
    thread = threading.Thread(target=load_and_enqueue, args=(sess, enqueue_op, placeholder, data, close_op))
    thread.start()
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    thread.join()
    return out


def evaluate(sess):
    placeholder = tf.placeholder(tf.int32, shape=[None])
    queue = tf.FIFOQueue(16, [tf.int32], shapes=[[]])
    enqueue_op = queue.enqueue_many([placeholder])
    close_op = queue.close()
    batch = queue.dequeue_many(2)
    data = 50 + np.arange(8, dtype=np.int32)

    def feed(sess):
        sess.run(enqueue_op, feed_dict={placeholder: data})
        sess.run(close_op)

    thread = threading.Thread(target=feed, args=(sess,))
    thread.start()
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    thread.join()
    return out


def main(data_dir):
    with tf.Session() as sess:
        out = train(sess) + evaluate(sess)
    return {'batches': out, 'end': 'OutOfRangeError'}
