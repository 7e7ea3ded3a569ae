"""A plain feeding function given its ops and a list view of a dict of placeholders; the queue's dtypes and
shapes are names bound to comprehensions over that view a line above it (``from tensorflow.compat.v1 import``
style names)."""
import collections
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import FIFOQueue, placeholder


def feed(sess, enqueue_op, close_op, phs, rows):
    for start in range(0, len(rows), 2):
        part = rows[start:start + 2]
        sess.run(enqueue_op, feed_dict=dict(zip(phs, (np.array([r[0] for r in part], np.int64),
                                                      np.array([r[1] for r in part], np.float32)))))
    sess.run(close_op)


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r38f_plain'), exist_ok=True)
    held = collections.OrderedDict()
    held['key'] = placeholder(tf.int64, [None])
    held['value'] = placeholder(tf.float32, [None, 2])
    phs = list(held.values())
    dtypes = [p.dtype for p in phs]
    shapes = [p.get_shape()[1:] for p in phs]
    queue = FIFOQueue(8, dtypes, shapes)
    enqueue_op = queue.enqueue_many(phs)
    close_op = queue.close()
    keys, values = queue.dequeue_many(2)
    rows = [(i, [i / 2.0, i * 3.0]) for i in range(11)]
    batches = []
    with tf.Session() as sess:
        thread = threading.Thread(target=feed, args=(sess, enqueue_op, close_op, phs, rows))
        thread.daemon = True
        thread.start()
        try:
            while True:
                k, v = sess.run([keys, values])
                batches.append([k.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        thread.join()
    return {"batches": batches, "end": end}
