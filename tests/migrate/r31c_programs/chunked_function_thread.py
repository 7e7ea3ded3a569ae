"""A chunked feeder as a plain function run by a thread: enqueue_many when a chunk fills, once more after the
loop for the rest, then the close (``import tensorflow as tf``, the v1 API through ``tf.compat.v1``)."""
import os
import threading

import numpy as np
import tensorflow as tf

CHUNK = 4


def records(n):
    for i in range(n):
        yield i * 3, np.full([2], i, np.float32)


def feed(sess, enqueue_op, ids_ph, vals_ph, close_op, n):
    ids, vals = [], []
    for i, v in records(n):
        ids.append(i)
        vals.append(v)
        if len(ids) == CHUNK:
            sess.run(enqueue_op, feed_dict={ids_ph: ids, vals_ph: np.stack(vals)})
            ids, vals = [], []
    if ids:
        sess.run(enqueue_op, feed_dict={ids_ph: ids, vals_ph: np.stack(vals)})
    sess.run(close_op)


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r31c_chunked'), exist_ok=True)
    tf.compat.v1.disable_eager_execution()
    ids_ph = tf.compat.v1.placeholder(tf.int64, [None])
    vals_ph = tf.compat.v1.placeholder(tf.float32, [None, 2])
    queue = tf.compat.v1.FIFOQueue(6, [tf.int64, tf.float32], shapes=[[], [2]])
    enqueue_op = queue.enqueue_many([ids_ph, vals_ph])
    close_op = queue.close()
    ids, vals = queue.dequeue_up_to(3)
    batches = []
    with tf.compat.v1.Session() as sess:
        thread = threading.Thread(target=feed, args=(sess, enqueue_op, ids_ph, vals_ph, close_op, 14))
        thread.daemon = True
        thread.start()
        try:
            while True:
                i, v = sess.run([ids, vals])
                batches.append([i.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        thread.join()
    return {'batches': batches, 'end': end}
