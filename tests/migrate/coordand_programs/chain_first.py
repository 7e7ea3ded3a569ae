"""The coordinator's check first in a three-term `and` chain, in parentheses, one element per enqueue."""
import threading

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1
LIMIT = 18


def feed(coord, sess, enqueue, close, ph, values):
    i = 0
    while (not coord.should_stop()) and i < len(values) and i < LIMIT:
        sess.run(enqueue, feed_dict={ph: values[i]})
        i += 1
    sess.run(close)


def main(data_dir):
    values = np.arange(30, dtype=np.int64) * 7
    ph = tf1.placeholder(tf.int64, shape=[])
    queue = tf1.FIFOQueue(10, [tf.int64], shapes=[[]])
    enqueue = queue.enqueue([ph])
    close = queue.close()
    batch = queue.dequeue_many(3)
    out = []
    sess = tf1.Session()
    coord = tf1.train.Coordinator()
    thread = threading.Thread(target=feed, args=(coord, sess, enqueue, close, ph, values))
    thread.start()
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join([thread])
    sess.close()
    return {"batches": out, "end": "OutOfRangeError"}
