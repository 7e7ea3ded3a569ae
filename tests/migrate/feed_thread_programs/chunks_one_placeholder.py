"""TF1-style file (`import tensorflow as tf`, `tf.compat.v1` calls, `data_flow_ops.FIFOQueue`): one placeholder
enqueued bare (`enqueue_many(rows_in)`), a nested feeding function whose parameters are named apart from what
the thread hands it (the queue itself, closed inline), `daemon=True` in the constructor, `dequeue_up_to`
keeping the short tail."""
import threading

import numpy as np
import tensorflow as tf
from tensorflow.python.ops import data_flow_ops


def chunk_source(n, step):
    data = np.arange(n * 3, dtype=np.float32).reshape(n, 3)
    for i in range(0, n, step):
        yield data[i:i + step]


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    rows_in = tf.compat.v1.placeholder(tf.float32, shape=[None, 3])
    q = data_flow_ops.FIFOQueue(16, [tf.float32], shapes=[[3]])
    enqueue = q.enqueue_many(rows_in)
    rows = q.dequeue_up_to(5)

    def feed(session, op, ph, source, fifo):
        for chunk in source:
            session.run(op, feed_dict={ph: chunk})
        session.run(fifo.close())

    out, end = [], None
    sess = tf.compat.v1.Session()
    worker = threading.Thread(target=feed, args=(sess, enqueue, rows_in, chunk_source(17, 4), q), daemon=True)
    worker.start()
    try:
        while True:
            out.append([sess.run(rows).tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    worker.join()
    sess.close()
    return {'batches': out, 'end': end}
