"""A feeding closure that runs ``enqueue_many`` chunks on the session it makes the default one (``op.run({...})``)
into a queue read by ``dequeue_up_to``: the short last batch is kept."""
import threading

import numpy as np
import tensorflow as tf


def main(data_dir):
    values = np.arange(11, dtype=np.int64)
    ids = tf.compat.v1.placeholder(tf.int64, [None])
    squares = tf.compat.v1.placeholder(tf.int64, [None])
    queue = tf.compat.v1.FIFOQueue(8, [tf.int64, tf.int64], shapes=[[], []])
    enqueue = queue.enqueue_many([ids, squares])
    done = queue.close()
    batch_ids, batch_squares = queue.dequeue_up_to(3)
    sess = tf.compat.v1.Session()

    def load():
        with sess.as_default():
            for start in range(0, len(values), 4):
                chunk = values[start:start + 4]
                enqueue.run({ids: chunk, squares: chunk * chunk})
            done.run()

    thread = threading.Thread(target=load)
    thread.daemon = True
    thread.start()
    out = []
    while True:
        try:
            i, s = sess.run([batch_ids, batch_squares])
        except tf.errors.OutOfRangeError:
            break
        out.append([i.tolist(), s.tolist()])
    thread.join()
    sess.close()
    return {"batches": out, "end": "rows: %d" % sum(len(b[0]) for b in out)}
