"""A thread feeds numpy batches through `enqueue_many` into a FIFOQueue made through
`tensorflow.python.ops.data_flow_ops`; its loop runs `while not coord.should_stop()` (forever, until the program
stops it); the program takes a fixed number of `dequeue_many` batches of another size."""

import threading

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


def main(data_dir):
    xs = tf.placeholder(tf.float32, [None, 3])
    ys = tf.placeholder(tf.int32, [None])
    queue = data_flow_ops.FIFOQueue(100, [tf.float32, tf.int32], shapes=[[3], []])
    enqueue_op = queue.enqueue_many([xs, ys])
    x, y = queue.dequeue_many(5)

    def load(sess, coord):
        step = 0
        while not coord.should_stop():
            bx = np.arange(step * 12, step * 12 + 12, dtype=np.float32).reshape(4, 3)
            sess.run(enqueue_op, feed_dict={xs: bx, ys: np.arange(step * 4, step * 4 + 4, dtype=np.int32)})
            step += 1

    coord = tf.train.Coordinator()
    out = []
    with tf.Session() as sess:
        t = threading.Thread(target=load, args=(sess, coord))
        t.daemon = True
        t.start()
        for _ in range(6):
            a, b = sess.run([x, y])
            out.append([a.tolist(), b.tolist()])
        coord.request_stop()
    return {"batches": out, "end": None}
