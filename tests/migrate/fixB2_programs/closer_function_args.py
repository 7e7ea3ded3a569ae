"""A module-level closer function handed the session, the feeding threads and the close op joins each thread,
then closes; the feeding threads appended in a loop; `import tensorflow as tf` with `tf.compat.v1`."""
import os
import threading

import numpy as np
import tensorflow as tf

PARTS = 3


def produce(sess, enqueue_op, value_ph, values):
    for v in values:
        sess.run(enqueue_op, feed_dict={value_ph: v})


def close_when_done(sess, feeders, close_op):
    for t in feeders:
        t.join()
    sess.run(close_op)


def main(data_dir):
    values = np.arange(24, dtype=np.float32).reshape(12, 2)
    value_ph = tf.compat.v1.placeholder(tf.float32, [2])
    queue = tf.compat.v1.FIFOQueue(3, [tf.float32], shapes=[[2]])
    enqueue_op = queue.enqueue([value_ph])
    close_op = queue.close()
    batch = queue.dequeue_many(4)
    out = []
    with tf.compat.v1.Session() as sess:
        feeders = []
        for k in range(PARTS):
            t = threading.Thread(target=produce, args=(sess, enqueue_op, value_ph, values[k::PARTS]))
            t.start()
            feeders.append(t)
        closer = threading.Thread(target=close_when_done, args=(sess, feeders, close_op))
        closer.start()
        try:
            while True:
                b = sess.run(batch)
                out.append([b.tolist(), b.sum(axis=1).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        closer.join()
    return {'batches': out, 'end': 'rows: %d' % sum(len(b[0]) for b in out)}
