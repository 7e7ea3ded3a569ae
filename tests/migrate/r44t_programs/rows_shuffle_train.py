"""One row per `enqueue` (not `enqueue_many`) from a thread made with `setDaemon(True)`, the queue's `dequeue()`
into `shuffle_batch`; the feeder closes the queue after its 12 rows, the main program closes it again at the end
with `cancel_pending_enqueues=True` (which a closed queue takes) (`from tensorflow.compat.v1 import train`,
`tf.compat.v1.` spelled out)."""
import os
import threading

import numpy as np
import tensorflow as tf
from tensorflow.compat.v1 import train


def main(data_dir):
    folder = os.path.join(data_dir, "r44t_rows")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for k in range(12):
            f.write("%d,%.1f\n" % (k, k * 0.5))
    table = np.loadtxt(path, delimiter=",", dtype=np.float32)

    x = tf.compat.v1.placeholder(tf.int64, shape=[])
    y = tf.compat.v1.placeholder(tf.float32, shape=[])
    queue = tf.compat.v1.FIFOQueue(8, [tf.int64, tf.float32], shapes=[[], []])
    enqueue_op = queue.enqueue([x, y])
    close_op = queue.close()
    stop_op = queue.close(cancel_pending_enqueues=True)
    key, value = queue.dequeue()
    keys, values = train.shuffle_batch([key, value], batch_size=4, capacity=10, min_after_dequeue=2, seed=3)

    def feed(sess):
        for row in table:
            try:
                sess.run(enqueue_op, feed_dict={x: int(row[0]), y: row[1]})
            except tf.errors.CancelledError:
                break
        sess.run(close_op)

    sess = tf.compat.v1.Session()
    feeder = threading.Thread(target=feed, args=(sess,))
    feeder.setDaemon(True)
    feeder.start()
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    for _ in range(3):
        k, v = sess.run([keys, values], options=tf.compat.v1.RunOptions(timeout_in_ms=20000))
        batches.append([k.tolist(), v.tolist()])
    sess.run(stop_op)
    coord.request_stop()
    coord.join(threads)
    feeder.join()
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
