"""Feeding threads made by a comprehension run a module-level function handed its ops; a closer thread is
handed the session, the feeders and the close op (`args=(session, workers, op)`) and closes the queue after
joining them; the consumer takes `dequeue_many` (the short tail lost at the close)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def produce(sess, put, row_ph, label_ph, start, count):
    for i in range(start, start + count):
        sess.run(put, feed_dict={row_ph: np.array([i, -i], np.int64), label_ph: i % 7})


def finish(session, workers, op):
    for w in workers:
        w.join()
    session.run(op)


def main(data_dir):
    row_ph = tf.placeholder(tf.int64, shape=[2])
    label_ph = tf.placeholder(tf.int32, shape=[])
    queue = tf.FIFOQueue(10, [tf.int64, tf.int32], shapes=[[2], []])
    put = queue.enqueue([row_ph, label_ph])
    close = queue.close()
    rows, labels = queue.dequeue_many(4)
    sess = tf.Session()
    workers = [threading.Thread(target=produce, args=(sess, put, row_ph, label_ph, 100 * k, 8)) for k in range(3)]
    for w in workers:
        w.daemon = True
        w.start()
    closer = threading.Thread(target=finish, args=(sess, workers, close))
    closer.start()
    out, end = [], None
    try:
        while True:
            r, l = sess.run([rows, labels])
            out.append([r.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    closer.join()
    sess.close()
    return {'batches': out, 'end': end}
