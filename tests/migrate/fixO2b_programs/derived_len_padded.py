"""The enqueue takes each placeholder and its length computed from it (``tf.shape(ph)[0]`` bound to a name, and
``tf.size`` inline) into a PaddingFIFOQueue fed by a thread; ``dequeue_many`` pads."""
import threading

import tensorflow.compat.v1 as tf


def pump(sess, op, close, src_ph, tgt_ph, pairs):
    for s, t in pairs:
        sess.run(op, feed_dict={src_ph: s, tgt_ph: t})
    sess.run(close)


def main(data_dir):
    src_ph = tf.placeholder(tf.int32, [None])
    tgt_ph = tf.placeholder(tf.int32, [None])
    src_len = tf.shape(src_ph)[0]
    queue = tf.PaddingFIFOQueue(8, [tf.int32, tf.int32, tf.int32, tf.int32], shapes=[[None], [], [None], []])
    op = queue.enqueue([src_ph, src_len, tgt_ph, tf.size(tgt_ph)])
    close = queue.close()
    s, sl, t, tl = queue.dequeue_many(2)
    pairs = [([1] * (1 + i % 3), [2] * (3 - i % 3)) for i in range(7)]
    batches = []
    with tf.Session() as sess:
        th = threading.Thread(target=pump, args=(sess, op, close, src_ph, tgt_ph, pairs))
        th.start()
        try:
            while True:
                a, b, c, d = sess.run([s, sl, t, tl])
                batches.append([a.tolist(), b.tolist(), c.tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        th.join()
    return {"batches": batches, "end": "done"}
