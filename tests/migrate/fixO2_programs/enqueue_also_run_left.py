"""Left: the enqueue op handed to the feeding function is also run by the program itself."""
import threading

import tensorflow.compat.v1 as tf


def make():
    ph = tf.placeholder(tf.int64, [])
    q = tf.FIFOQueue(8, [tf.int64], shapes=[[]])
    return q, q.enqueue([ph]), q.close(), ph


def feed(sess, op, done, ph, n):
    for i in range(n):
        sess.run(op, feed_dict={ph: i})
    sess.run(done)


def main(data_dir):
    q, op, done, ph = make()
    got = q.dequeue_up_to(2)
    batches = []
    with tf.Session() as sess:
        sess.run(op, feed_dict={ph: 100})
        t = threading.Thread(target=feed, args=(sess, op, done, ph, 5))
        t.start()
        try:
            while True:
                batches.append(sess.run(got).tolist())
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "done"}
