"""A queue of two components fed by a thread (placeholders), dequeued whole by `dequeue_many`: legacy's list,
grown by `+=` and passed on."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def feed(sess, put, row_ph, label_ph, close):
    for i in range(12):
        sess.run(put, feed_dict={row_ph: np.array([i, -i], np.int64), label_ph: i % 5})
    sess.run(close)


def main(data_dir):
    row_ph = tf.placeholder(tf.int64, shape=[2])
    label_ph = tf.placeholder(tf.int32, shape=[])
    queue = tf.FIFOQueue(10, [tf.int64, tf.int32], shapes=[[2], []])
    put = queue.enqueue([row_ph, label_ph])
    close = queue.close()
    batch = queue.dequeue_many(3)
    batch += [tf.reduce_sum(batch[0], axis=1)]
    sess = tf.Session()
    worker = threading.Thread(target=feed, args=(sess, put, row_ph, label_ph, close))
    worker.daemon = True
    worker.start()
    out, end = [], None
    try:
        while True:
            out.append([v.tolist() for v in sess.run(batch)])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    worker.join()
    sess.close()
    return {'batches': out, 'end': '%s %s' % (end, type(batch).__name__)}
