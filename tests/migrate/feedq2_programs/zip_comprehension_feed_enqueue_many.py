"""A closure feeding chunks with ``feed_dict={ph: col[lo:hi] for ph, col in zip(phs, columns)}`` (the values in
the placeholders' order) into ``enqueue_many``, then closing; read by ``dequeue_up_to`` to the end."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    path = data_dir + "/feedq2_columns.npz"
    np.savez(path, level=np.linspace(0, 1, 11).astype(np.float32), gauge=np.arange(11, dtype=np.int64))
    data = np.load(path)
    columns = [data["level"], data["gauge"]]
    phs = [tf.placeholder(tf.float32, [None]), tf.placeholder(tf.int64, [None])]
    queue = tf.FIFOQueue(8, [tf.float32, tf.int64], shapes=[[], []])
    enqueue_op = queue.enqueue_many(phs)
    close_op = queue.close()
    levels, gauges = queue.dequeue_up_to(4)
    sess = tf.Session()

    def feed():
        for lo in range(0, len(columns[0]), 3):
            sess.run(enqueue_op, feed_dict={ph: col[lo:lo + 3] for ph, col in zip(phs, columns)})
        sess.run(close_op)

    thread = threading.Thread(target=feed)
    thread.start()
    batches = []
    while True:
        try:
            a, b = sess.run([levels, gauges])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(a, 4).tolist(), b.tolist()])
    thread.join()
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
