"""One feed thread started by a starter function (called as a statement, returning nothing) on the enqueue op and
placeholders a builder returned with the dequeued batch (``import tensorflow as tf``, the v1 API spelled out)."""
import os
import threading

import numpy as np
import tensorflow as tf


def feed(sess, enqueue_op, close_op, ids_ph, vals_ph, path):
    with open(path) as f:
        for line in f:
            i, v = line.split(',')
            sess.run(enqueue_op, feed_dict={ids_ph: int(i), vals_ph: np.full([3], float(v), np.float32)})
    sess.run(close_op)


def build(capacity, batch):
    ids_ph = tf.compat.v1.placeholder(tf.int64, [])
    vals_ph = tf.compat.v1.placeholder(tf.float32, [3])
    queue = tf.compat.v1.FIFOQueue(capacity, [tf.int64, tf.float32], shapes=[[], [3]])
    enqueue_op = queue.enqueue([ids_ph, vals_ph])
    close_op = queue.close()
    ids, vals = queue.dequeue_many(batch)
    return ids, vals, enqueue_op, close_op, ids_ph, vals_ph


def launch(sess, enqueue_op, close_op, ids_ph, vals_ph, path):
    thread = threading.Thread(target=feed, args=(sess, enqueue_op, close_op, ids_ph, vals_ph, path))
    thread.daemon = True
    thread.start()


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    folder = os.path.join(data_dir, 'fixT_one')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    with open(path, 'w') as f:
        f.write(''.join('%d,%d.25\n' % (i * 7, i) for i in range(9)))
    ids, vals, enqueue_op, close_op, ids_ph, vals_ph = build(5, 3)
    mean = tf.reduce_mean(vals)
    batches = []
    with tf.compat.v1.Session() as sess:
        launch(sess, enqueue_op, close_op, ids_ph, vals_ph, path)
        try:
            while True:
                i, v, m = sess.run([ids, vals, mean])
                batches.append([i.tolist(), v.tolist(), round(float(m), 4)])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
    return {"batches": batches, "end": end}
