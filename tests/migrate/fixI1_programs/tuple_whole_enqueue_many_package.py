"""A helper's placeholders tuple handed whole to the feeding thread, which unpacks it; enqueue_many(list(...))."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from fi1_lib import feeding


def pump(sess, enqueue_op, phs, parts, queue):
    rows_ph, labels_ph = phs
    try:
        for k in range(parts):
            rows, labels = feeding.chunk(k)
            sess.run(enqueue_op, feed_dict={rows_ph: rows, labels_ph: labels})
    finally:
        sess.run(queue.close())


def main(data_dir):
    shape = [None, 2]
    phs = feeding.make_placeholders(shape, name="_a")
    queue = feeding.make_queue(shape, capacity=12)
    enqueue_op = queue.enqueue_many(list(phs))
    rows_b, labels_b = queue.dequeue_many(2)
    out = []
    end = "none"
    with tf.Session() as sess:
        t = threading.Thread(target=pump, args=(sess, enqueue_op, phs, 3, queue))
        t.start()
        try:
            while True:
                r, l = sess.run([rows_b, labels_b])
                out.append([r.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        t.join()
    return {"batches": out, "end": end}
