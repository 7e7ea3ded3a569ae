"""The thread's kwargs= hands the feeding function its ops and placeholders (a list for args=); FIFOQueue."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def make():
    x = tf.placeholder(tf.float32, [2])
    y = tf.placeholder(tf.int32, [])
    fifo = tf.FIFOQueue(4, [tf.float32, tf.int32], shapes=[[2], []])
    return fifo, fifo.enqueue([x, y]), fifo.close(), x, y


def fill(sess, values, enqueue_op=None, close_op=None, x_ph=None, y_ph=None):
    for k, v in enumerate(values):
        sess.run(enqueue_op, feed_dict={x_ph: v, y_ph: k})
    sess.run(close_op)


def main(data_dir):
    values = np.arange(22, dtype=np.float32).reshape(11, 2) / 4.0
    fifo, enqueue_op, close_op, x, y = make()
    xs, ys = fifo.dequeue_up_to(4)
    batches = []
    with tf.Session() as sess:
        th = threading.Thread(target=fill, args=[sess, values],
                              kwargs={"enqueue_op": enqueue_op, "close_op": close_op, "x_ph": x, "y_ph": y})
        th.start()
        try:
            while True:
                a, b = sess.run([xs, ys])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        th.join()
    return {"batches": batches, "end": "done"}
