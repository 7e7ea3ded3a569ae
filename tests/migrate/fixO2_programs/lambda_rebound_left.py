"""Left: the lambda reads `count` when the thread runs, and `count` is bound again after the thread is made, so
args= (read when the thread is made) could hand another value."""
import threading

import tensorflow.compat.v1 as tf


def feed(sess, op, done, ph, n):
    for i in range(n):
        sess.run(op, feed_dict={ph: i})
    sess.run(done)


def main(data_dir):
    ph = tf.placeholder(tf.int64, [])
    q = tf.FIFOQueue(4, [tf.int64], shapes=[[]])
    op = q.enqueue([ph])
    done = q.close()
    got = q.dequeue_up_to(2)
    count = 5
    batches = []
    with tf.Session() as sess:
        t = threading.Thread(target=lambda: feed(sess, op, done, ph, count))
        count = 3
        t.start()
        try:
            while True:
                batches.append(sess.run(got).tolist())
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "done"}
