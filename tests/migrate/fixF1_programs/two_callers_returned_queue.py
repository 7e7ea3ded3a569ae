"""Two functions call one builder returning only the queue: each call makes its own queue (and ops); each caller
feeds its own from a thread and reads it until the close."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def make_queue(capacity=4):
    queue = tf.FIFOQueue(capacity, [tf.float32], shapes=[[3]])
    return queue


def read_split(sess, start):
    point = tf.placeholder(tf.float32, [3])
    queue = make_queue()
    put = queue.enqueue([point])
    done = queue.close()
    batch = queue.dequeue_many(2)

    def feed():
        for i in range(start, start + 8):
            sess.run(put, feed_dict={point: np.array([i, i * 0.5, -i], np.float32)})
        sess.run(done)

    thread = threading.Thread(target=feed)
    thread.start()
    out = []
    try:
        while True:
            out.append(sess.run(batch).tolist())
    except tf.errors.OutOfRangeError:
        pass
    thread.join()
    return out


def read_other(sess):
    sample = tf.placeholder(tf.float32, [3])
    other_queue = make_queue(6)
    push = other_queue.enqueue([sample])
    finish = other_queue.close()
    pair = other_queue.dequeue_many(2)

    def feed_other():
        for i in range(6):
            sess.run(push, feed_dict={sample: np.array([i + 100, 0.0, i], np.float32)})
        sess.run(finish)

    worker = threading.Thread(target=feed_other)
    worker.start()
    got = []
    try:
        while True:
            got.append(sess.run(pair).tolist())
    except tf.errors.OutOfRangeError:
        pass
    worker.join()
    return got


def main(data_dir):
    with tf.Session() as sess:
        batches = read_split(sess, 0) + read_other(sess)
    return {'batches': batches, 'end': 'OutOfRangeError'}
