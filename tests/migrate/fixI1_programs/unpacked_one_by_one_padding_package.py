"""Placeholders unpacked from a helper's list and passed one by one; a PaddingFIFOQueue from a helper; enqueue."""
import threading

import tensorflow as tf

from fi1_lib.pairs import make_pair_list, make_padding_queue


def fill(sess, x_ph, put, y_ph, q):
    for n in range(1, 6):
        sess.run(put, feed_dict={x_ph: list(range(n)), y_ph: n})
    sess.run(q.close())


def main(data_dir):
    x_ph, y_ph = make_pair_list(3)
    q = make_padding_queue(4)
    put = q.enqueue([x_ph, y_ph])
    xs, ys = q.dequeue_many(2)
    got = []
    end = "none"
    with tf.compat.v1.Session() as sess:
        th = threading.Thread(target=fill, args=(sess, x_ph, put, y_ph, q))
        th.daemon = True
        th.start()
        try:
            while True:
                a, b = sess.run([xs, ys])
                got.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        th.join()
    return {"batches": got, "end": end}
