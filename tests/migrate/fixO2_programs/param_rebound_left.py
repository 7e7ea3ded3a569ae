"""Left: the feeding function binds the parameter holding the placeholder again before feeding it."""
import threading

import tensorflow.compat.v1 as tf


def feed(sess, op, done, ph, other, n):
    for i in range(n):
        if i == 2:
            ph = other
        sess.run(op, feed_dict={ph: i})
    sess.run(done)


def main(data_dir):
    ph = tf.placeholder(tf.int64, [])
    q = tf.FIFOQueue(8, [tf.int64], shapes=[[]])
    op, done = q.enqueue([ph]), q.close()
    other = tf.placeholder(tf.int64, [])
    got = q.dequeue_up_to(2)
    batches = []
    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=[sess, op, done, ph, other, 5])
        t.start()
        try:
            while True:
                batches.append(sess.run(got).tolist())
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "done"}
