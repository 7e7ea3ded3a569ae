"""A function feeding slices of a numpy array by enqueue_many, one thread, TF2-style spelling."""
import threading

import numpy as np
import tensorflow as tf


def main(data_dir):
    data = np.arange(40, dtype=np.int32).reshape(20, 2)
    x = tf.compat.v1.placeholder(tf.int32, shape=[None, 2])
    queue = tf.compat.v1.FIFOQueue(8, [tf.int32], shapes=[[2]])
    enqueue_op = queue.enqueue_many([x])
    close_op = queue.close()
    rows = queue.dequeue_up_to(3)

    def feed(sess, step):
        for i in range(0, len(data), step):
            sess.run(enqueue_op, feed_dict={x: data[i:i + step]})
        sess.run(close_op)

    out, end = [], None
    with tf.compat.v1.Session() as sess:
        t = threading.Thread(target=feed, args=(sess, 6))
        t.daemon = True
        t.start()
        try:
            while True:
                out.append([sess.run(rows).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        t.join()
    return {'batches': out, 'end': end}
