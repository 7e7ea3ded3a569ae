"""A feed-thread queue built by a function that returns it with its ops and placeholders; the caller dequeues,
starts the feeding thread and reads until the close."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def build_queue(capacity):
    row_ph = tf.placeholder(tf.int64, shape=[2])
    label_ph = tf.placeholder(tf.int32, shape=[])
    queue = tf.FIFOQueue(capacity, [tf.int64, tf.int32], shapes=[[2], []])
    enqueue_op = queue.enqueue([row_ph, label_ph])
    close_op = queue.close()
    return queue, enqueue_op, close_op, row_ph, label_ph


def main(data_dir):
    queue, enqueue_op, close_op, row_ph, label_ph = build_queue(6)
    rows, labels = queue.dequeue_many(3)
    sess = tf.Session()

    def feed():
        for i in range(12):
            sess.run(enqueue_op, feed_dict={row_ph: np.array([i, -i], np.int64), label_ph: i % 5})
        sess.run(close_op)

    thread = threading.Thread(target=feed)
    thread.daemon = True
    thread.start()
    out, end = [], None
    try:
        while True:
            r, l = sess.run([rows, labels])
            out.append([r.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    thread.join()
    sess.close()
    return {'batches': out, 'end': end}
