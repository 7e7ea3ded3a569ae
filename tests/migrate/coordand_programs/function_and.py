"""A numpy feeder thread whose loop also stops on the coordinator: `while start < n and not coord.should_stop()`."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf

CHUNK = 5


def load_and_enqueue(sess, enqueue_op, close_op, coord, x_ph, y_ph, xs, ys):
    start = 0
    while start < len(xs) and not coord.should_stop():
        sess.run(enqueue_op, feed_dict={x_ph: xs[start:start + CHUNK], y_ph: ys[start:start + CHUNK]})
        start += CHUNK
    sess.run(close_op)


def main(data_dir):
    rng = np.random.RandomState(11)
    xs = np.round(rng.uniform(0, 10, (20, 2)), 3).astype(np.float32)
    ys = np.arange(20, dtype=np.int32)
    x_ph = tf.placeholder(tf.float32, shape=[None, 2])
    y_ph = tf.placeholder(tf.int32, shape=[None])
    q = tf.FIFOQueue(capacity=50, dtypes=[tf.float32, tf.int32], shapes=[[2], []])
    enqueue_op = q.enqueue_many([x_ph, y_ph])
    close_op = q.close()
    x_batch, y_batch = q.dequeue_many(4)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        t = threading.Thread(target=load_and_enqueue,
                             args=(sess, enqueue_op, close_op, coord, x_ph, y_ph, xs, ys))
        t.daemon = True
        t.start()
        try:
            while True:
                x, y = sess.run([x_batch, y_batch])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join([t])
    return {"batches": batches, "end": "OutOfRangeError"}
