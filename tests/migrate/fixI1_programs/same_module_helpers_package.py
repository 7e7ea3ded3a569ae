"""The placeholders helper and the queue builder in the program's own module, each called once."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def make_placeholders(shape, name=""):
    rows = tf.placeholder(tf.float32, shape=shape, name="rows" + name)
    labels = tf.placeholder(tf.int64, shape=shape[:1], name="labels" + name)
    return rows, labels


def make_queue(shape, capacity=8):
    queue = tf.FIFOQueue(capacity, [tf.float32, tf.int64], shapes=[shape[1:], []])
    return queue


def pump(sess, enqueue_op, phs, parts, queue):
    rows_ph, labels_ph = phs
    try:
        for k in range(parts):
            rows = np.arange(6 * k, 6 * k + 6, dtype=np.float32).reshape(3, 2)
            sess.run(enqueue_op, feed_dict={rows_ph: rows, labels_ph: np.arange(3) + k})
    finally:
        sess.run(queue.close())


def main(data_dir):
    shape = [None, 2]
    phs = make_placeholders(shape, name="_a")
    queue = make_queue(shape, capacity=12)
    enqueue_op = queue.enqueue_many(list(phs))
    rows_b, labels_b = queue.dequeue_many(2)
    out = []
    end = "none"
    with tf.Session() as sess:
        t = threading.Thread(target=pump, args=(sess, enqueue_op, phs, 3, queue))
        t.start()
        try:
            while True:
                r, l = sess.run([rows_b, labels_b])
                out.append([r.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        t.join()
    return {"batches": out, "end": end}
