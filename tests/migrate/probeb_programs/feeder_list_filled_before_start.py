"""A feed thread reading a list its function fills before starting it; the consumer appends to its own list."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    x_in = tf.placeholder(tf.float32, shape=[None])
    q = tf.FIFOQueue(8, [tf.float32], shapes=[[]])
    enqueue = q.enqueue_many([x_in])
    close = q.close()
    x = q.dequeue_many(2)

    def feed(sess):
        for chunk in chunks:
            sess.run(enqueue, feed_dict={x_in: chunk})
        sess.run(close)

    chunks = []
    for i in range(4):
        chunks.append(np.arange(3, dtype=np.float32) + 10 * i)

    out, end = [], None
    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        try:
            while True:
                out.append(sess.run(x).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        t.join()
    return {'batches': out, 'end': end}
