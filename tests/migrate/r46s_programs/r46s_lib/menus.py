"""Menus as Python lists, and a helper (called twice by its caller) that fills a FIFOQueue with each list in turn
and drains each fill by the queue's size."""
import numpy as np
import tensorflow.compat.v1 as tf


def menus(seed, count):
    rng = np.random.RandomState(seed)
    return [(["dish%d_%d" % (k, i) for i in range(3 + k)], [round(float(v), 1) for v in rng.uniform(80, 900, 3 + k)])
            for k in range(count)]


def drain_in_order(sess, lists):
    queue = tf.FIFOQueue(16, [tf.string, tf.float32], shapes=[[], []])
    names = tf.placeholder_with_default("x", [])  # (not the queue's: graph code beside it stays)
    fills = [queue.enqueue_many((dishes, kcal)) for dishes, kcal in lists]
    taken = queue.dequeue()
    rows = []
    for fill in fills:
        sess.run(fill)
        while sess.run(queue.size()) > 0:
            dish, kcal = sess.run(taken)
            rows.append([dish.decode(), round(float(kcal), 1)])
    return rows, sess.run(names).decode()
