"""TF2-style spelling: feeding threads made and started in a loop and collected in a list; the closer is handed
its arguments in another order, as a list (`args=[threads, close_op, sess]`), and enqueue_many feeds chunks."""
import threading

import numpy as np
import tensorflow as tf


def feed_chunks(sess, op, values, first, n):
    data = np.arange(first, first + n, dtype=np.float32)
    for i in range(0, n, 4):
        sess.run(op, feed_dict={values: data[i:i + 4]})


def close_after(threads, close_op, sess):
    for t in threads:
        t.join()
    sess.run(close_op)


def main(data_dir):
    values = tf.compat.v1.placeholder(tf.float32, shape=[None])
    queue = tf.compat.v1.FIFOQueue(12, [tf.float32], shapes=[[]])
    op = queue.enqueue_many([values])
    close_op = queue.close()
    got = queue.dequeue_up_to(5)
    sess = tf.compat.v1.Session()
    threads = []
    for first in (0, 1000):
        t = threading.Thread(target=feed_chunks, args=(sess, op, values, first, 18))
        t.daemon = True
        t.start()
        threads.append(t)
    threading.Thread(target=close_after, args=[threads, close_op, sess]).start()
    out, end = [], None
    try:
        while True:
            out.append([sess.run(got).tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    sess.close()
    return {'batches': out, 'end': end}
