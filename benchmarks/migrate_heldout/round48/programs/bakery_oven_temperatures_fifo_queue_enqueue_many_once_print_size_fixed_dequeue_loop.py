import os

import numpy as np
import tensorflow as tf

tf = tf.compat.v1


def oven_log(path):
    rng = np.random.RandomState(4815)
    temps = np.round(rng.normal(loc=220.0, scale=6.0, size=6), 1)
    np.savetxt(path, temps, fmt="%.1f")
    return path


def main(data_dir):
    folder = os.path.join(data_dir, "h48_bakery_oven")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    temps = np.loadtxt(oven_log(os.path.join(folder, "deck_oven_2.txt")), dtype=np.float32)

    oven_input = tf.constant(temps)
    oven_input = tf.Print(oven_input, data=[oven_input], message='Loaded oven readings: ', summarize=6)

    q = tf.FIFOQueue(capacity=6, dtypes=tf.float32)
    enqueue_op = q.enqueue_many(oven_input)

    data = q.dequeue()
    data = tf.Print(data, data=[q.size(), data], message='How many readings are left in queue: ')
    # create a fake graph that we can call upon
    fg = data - 200.0

    out = []
    with tf.Session() as sess:
        sess.run(enqueue_op)
        for i in range(0, 6):
            v, above = sess.run([data, fg])
            out.append([[round(float(v), 1)], [round(float(above), 1)]])
    return {"batches": out, "end": "readings: %d" % len(out)}
