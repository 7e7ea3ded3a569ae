"""Functions (no class): a queue of one dtype with one name (a string) and a list of one shape, `enqueue` of a
dict from a thread, `dequeue_many`; `import tensorflow as tf` with `tf.compat.v1`."""
import os
import threading

import tensorflow as tf


def feed(sess, op, close, ph, path):
    with open(path) as f:
        for line in f:
            sess.run(op, feed_dict={ph: [float(v) for v in line.split(",")]})
    sess.run(close)


def main(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    path = os.path.join(data_dir, "fixb3_triples.csv")
    with open(path, "w") as f:
        for i in range(9):
            f.write("%d,%d,%d\n" % (i, i * i, 7 - i))
    ph = tf.compat.v1.placeholder(tf.float32, shape=[3])
    q = tf.compat.v1.FIFOQueue(5, tf.float32, shapes=[[3]], names='xyz')
    op = q.enqueue({'xyz': ph})
    close = q.close()
    batch = q.dequeue_many(3)
    sess = tf.compat.v1.Session()
    t = threading.Thread(target=feed, args=(sess, op, close, ph, path))
    t.start()
    out = []
    while True:
        try:
            out.append([sess.run(batch)['xyz'].tolist()])
        except tf.errors.OutOfRangeError:
            break
    t.join()
    return {"batches": out, "end": "rows: %d" % (3 * len(out))}
