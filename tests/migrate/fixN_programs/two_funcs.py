"""Two functions each build a placeholder-fed FIFOQueue and a feeding thread with the same local names, and
read it to the end; main calls one after the other."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def train(sess, n):
    placeholder = tf.placeholder(tf.float32, shape=[None, 2])
    queue = tf.FIFOQueue(32, [tf.float32], shapes=[[2]])
    enqueue_op = queue.enqueue_many([placeholder])
    batch = queue.dequeue_many(4)
    data = np.arange(n * 2, dtype=np.float32).reshape(n, 2)

    def feed(sess):
        for i in range(0, n, 4):
            sess.run(enqueue_op, feed_dict={placeholder: data[i:i + 4]})
        sess.run(queue.close())

    thread = threading.Thread(target=feed, args=(sess,))
    thread.daemon = True
    thread.start()
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    thread.join()
    return out


def evaluate(sess, n):
    placeholder = tf.placeholder(tf.float32, shape=[None, 2])
    queue = tf.FIFOQueue(32, [tf.float32], shapes=[[2]])
    enqueue_op = queue.enqueue_many([placeholder])
    batch = queue.dequeue_many(4)
    data = 100 + np.arange(n * 2, dtype=np.float32).reshape(n, 2)

    def feed(sess):
        for i in range(0, n, 4):
            sess.run(enqueue_op, feed_dict={placeholder: data[i:i + 4]})
        sess.run(queue.close())

    thread = threading.Thread(target=feed, args=(sess,))
    thread.daemon = True
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
        out = train(sess, 16) + evaluate(sess, 8)
    return {'batches': out, 'end': 'OutOfRangeError'}
