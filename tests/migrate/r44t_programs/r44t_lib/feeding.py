"""The feed thread in a package module: `chunk_batches(data, labels, chunk, batch, steps)`, called by two programs'
`main` (once with each of two data sets by one of them)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def chunk_batches(data, labels, chunk, batch, steps):
    ph_x = tf.placeholder(tf.float32, shape=[chunk, data.shape[1]])
    ph_y = tf.placeholder(tf.int64, shape=[chunk])
    queue = tf.FIFOQueue(capacity=4 * chunk, dtypes=[tf.float32, tf.int64], shapes=[[data.shape[1]], []])
    enqueue_op = queue.enqueue_many([ph_x, ph_y])
    dequeue_op = queue.dequeue()
    close_op = queue.close(cancel_pending_enqueues=True)
    x_batch, y_batch = tf.train.batch(dequeue_op, batch_size=batch, capacity=2 * batch)

    def enqueue(sess):
        under = 0
        n = len(data)
        while True:
            upper = under + chunk
            if upper <= n:
                cx, cy = data[under:upper], labels[under:upper]
                under = upper
            else:
                rest = upper - n
                cx = np.concatenate((data[under:n], data[0:rest]))
                cy = np.concatenate((labels[under:n], labels[0:rest]))
                under = rest
            try:
                sess.run(enqueue_op, feed_dict={ph_x: cx, ph_y: cy})
            except (tf.errors.CancelledError, tf.errors.AbortedError):
                break

    out = []
    with tf.Session() as sess:
        thread = threading.Thread(target=enqueue, args=[sess])
        thread.isDaemon()
        thread.daemon = True
        thread.start()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord, sess=sess)
        for _ in range(steps):
            bx, by = sess.run([x_batch, y_batch], options=tf.RunOptions(timeout_in_ms=20000))
            out.append([bx.tolist(), by.tolist()])
        sess.run(close_op)
        coord.request_stop()
        coord.join(threads)
        thread.join()
    return out
