# Sextant sightings (altitude, azimuth, index error) pushed by a data thread into a FIFOQueue of [3] rows.
# Written after an unnamed tutorial file: `logging.basicConfig(...)`, `build_comp_model(x)` multiplying by a
# `get_variable` initialised to [1, 2, 3], `build_feed_queue()` returning `FIFOQueue(capacity=10,
# dtypes=[tf.float32,], shapes=[[3,],])`, and a function starting the data thread.
import logging
import os
import sys
import threading

import numpy as np
import tensorflow.compat.v1 as tf

logging.basicConfig(format='%(asctime)s %(levelname)s %(message)s',
                    level=logging.INFO,
                    stream=sys.stdout)


def build_comp_model(x):
    """
    :param x: a placeholder the input of the model
    :return:
    """
    w = tf.get_variable(name='w', shape=[3, ],
                        initializer=tf.constant_initializer(value=[1, 2, 3], dtype=tf.float32))
    y = tf.multiply(x, w)
    return y


def build_feed_queue():
    q = tf.FIFOQueue(capacity=10, dtypes=[tf.float32, ], shapes=[[3, ], ])
    return q


def start_data_thread(sess, q, rows):
    x_input = tf.placeholder(tf.float32, shape=[3, ])
    enqueue_op = q.enqueue([x_input])
    close_op = q.close()

    def feed():
        for row in rows:
            sess.run(enqueue_op, feed_dict={x_input: row})
        sess.run(close_op)
        logging.info('data thread done')

    t = threading.Thread(target=feed)
    t.daemon = True
    t.start()
    return t


def main(data_dir):
    out = os.path.join(data_dir, 'h76_sextant')
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, 'sightings.txt')
    rng = np.random.RandomState(3)
    with open(path, 'w') as f:
        for _ in range(7):
            f.write('%.2f %.2f %.2f\n' % (rng.rand() * 90, rng.rand() * 360, rng.rand() - 0.5))
    rows = np.loadtxt(path, dtype=np.float32)

    q = build_feed_queue()
    x = q.dequeue()
    y = build_comp_model(x)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        t = start_data_thread(sess, q, rows)
        try:
            for step in range(10):
                xv, yv = sess.run([x, y])
                batches.append([np.round(xv, 3).tolist(), np.round(yv, 3).tolist()])
        except tf.errors.OutOfRangeError:
            logging.info('queue closed after %d steps', len(batches))
        t.join()
    return {"batches": batches, "end": "sightings: %d" % len(batches)}
