"""One feeding thread runs an enqueue op fed through placeholders; the main thread drains the closed queue with
dequeue_many(4) to OutOfRangeError, then reads the queue's size: the short tail dequeue_many left (10 rows: 2)."""
import os
import threading

import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "r41q_tail")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.txt")
    with open(path, "w") as f:
        f.write("".join("%d %.1f\n" % (i, i * 0.5) for i in range(10)))

    ident = tf.placeholder(tf.int32, shape=[])
    value = tf.placeholder(tf.float32, shape=[])
    queue = tf.FIFOQueue(capacity=20, dtypes=[tf.int32, tf.float32], shapes=[[], []])
    enqueue_op = queue.enqueue([ident, value])
    close_op = queue.close()
    batch = queue.dequeue_many(4)

    def feed(sess):
        with open(path) as lines:
            for line in lines:
                i, v = line.split()
                sess.run(enqueue_op, feed_dict={ident: int(i), value: float(v)})
        sess.run(close_op)

    batches = []
    with tf.Session() as sess:
        thread = threading.Thread(target=feed, args=(sess,))
        thread.start()
        try:
            while True:
                ids, values = sess.run(batch)
                batches.append([ids.tolist(), values.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        thread.join()
        left = sess.run(queue.size())
    return {"batches": batches, "end": "left in queue: %d" % left}
