"""A builder returns a fed PaddingFIFOQueue (a component its placeholder's length) with its ops and placeholder; the
caller hands the queue to another module's class, which dequeues it: left, the note saying so."""
import threading

import tensorflow.compat.v1 as tf

from o2b_lib import model


def make_queue():
    a_ph = tf.placeholder(tf.int32, [None])
    queue = tf.PaddingFIFOQueue(8, [tf.int32, tf.int32], shapes=[[None], []])
    op = queue.enqueue([a_ph, tf.size(a_ph)])
    return queue, op, queue.close(), a_ph


def push(sess, op, close_op, a_ph, rows):
    for r in rows:
        sess.run(op, feed_dict={a_ph: r})
    sess.run(close_op)


def main(data_dir):
    queue, op, close_op, a_ph = make_queue()
    inputs = model.PairInputs(queue, 2)
    batches = []
    with tf.Session() as sess:
        t = threading.Thread(target=push, args=(sess, op, close_op, a_ph, [[1], [2, 2], [3, 3, 3], [4]]))
        t.start()
        try:
            while True:
                a, n = sess.run([inputs.a, inputs.a_len])
                batches.append([a.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        t.join()
    return {"batches": batches, "end": "done"}
