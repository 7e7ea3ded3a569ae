"""A module-level feeder function (one file): a cast of an int64 placeholder and a sparse placeholder made dense
in the enqueue of a FIFOQueue fed whole batches by one thread; the dequeue in the same block."""
import threading

import numpy as np
import tensorflow as tf1

tf = tf1.compat.v1


def feed(sess, op, ids, marks, rows):
    for r in range(0, 6, 2):
        idx = np.array([[0, 0], [1, r % 3]], np.int64)
        sess.run(op, feed_dict={ids: np.arange(r, r + 2), marks: tf.SparseTensorValue(idx, [r, r + 1], [2, 3])})
    sess.run(rows)


def main(data_dir):
    ids = tf.placeholder(tf.int64, shape=[2])
    marks = tf.sparse_placeholder(tf.float32, shape=[2, 3])
    queue = tf.FIFOQueue(4, [tf.int32, tf.float32])
    op = queue.enqueue([tf.cast(ids, tf.int32), tf.sparse_tensor_to_dense(marks)])
    done = queue.close()
    got_ids, got_marks = queue.dequeue()
    batches = []
    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess, op, ids, marks, done))
        t.start()
        try:
            while True:
                a, b = sess.run([got_ids, got_marks])
                batches.append([a.tolist(), b.tolist(), str(a.dtype)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        t.join()
    return {"batches": batches, "end": end}
