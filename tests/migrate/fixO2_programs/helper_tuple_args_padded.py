"""A same-module helper returns (queue, enqueue op, close op, placeholders); a module function handed them by the
thread's args= tuple feeds ragged rows; padded dequeue_many."""
import threading

import tensorflow.compat.v1 as tf


def build(capacity=8):
    a_ph = tf.placeholder(tf.int64, [None], name="a")
    b_ph = tf.placeholder(tf.int64, [None], name="b")
    q = tf.PaddingFIFOQueue(capacity, [tf.int64, tf.int64], shapes=[[None], [None]])
    enq = q.enqueue([a_ph, b_ph])
    close = q.close()
    return q, enq, close, a_ph, b_ph


def pump(sess, enq, close, a_ph, b_ph, rows):
    for a, b in rows:
        sess.run(enq, feed_dict={a_ph: a, b_ph: b})
    sess.run(close)


def main(data_dir):
    rows = [([i] * (1 + i % 3), [10 * i] * (1 + i % 2)) for i in range(9)]
    q, enq, close, a_ph, b_ph = build()
    a, b = q.dequeue_many(2)
    batches = []
    with tf.Session() as sess:
        t = threading.Thread(target=pump, args=(sess, enq, close, a_ph, b_ph, rows))
        t.daemon = True
        t.start()
        try:
            while True:
                x, y = sess.run([a, b])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "rows: %d" % (2 * len(batches))}
