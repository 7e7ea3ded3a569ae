"""The function form: a feed loop nested in the function, the queue's dtypes and shapes local lists whose items
the placeholders read, the loop itself reading one (`dtypes[1].as_numpy_dtype`): that list stays."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    dtypes = [tf.float32, tf.int32]
    shapes = ([None, 2], [None])
    xp = tf.placeholder(dtypes[0], shapes[0])
    yp = tf.placeholder(dtypes[1], shapes[1])
    queue = tf.FIFOQueue(10, dtypes=dtypes, shapes=[s[1:] for s in shapes])
    enq = queue.enqueue_many([xp, yp])
    close = queue.close()
    x, y = queue.dequeue_many(2)

    def feed(sess):
        for i in range(3):
            labels = np.array([i, -i]).astype(dtypes[1].as_numpy_dtype)
            sess.run(enq, feed_dict={xp: np.full((2, 2), i, np.float32), yp: labels})
        sess.run(close)

    out = []
    with tf.Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        for _ in range(3):
            a, b = sess.run([x, y])
            out.append([a.tolist(), b.tolist()])
        t.join()
    return {"batches": out, "end": "rows: %d" % (2 * len(out))}
