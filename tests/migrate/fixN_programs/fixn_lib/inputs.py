"""Two feeding functions of one library module, with the same local names, names imported from
`tensorflow.compat.v1`."""
import threading

import numpy as np
from tensorflow.compat.v1 import FIFOQueue, errors, placeholder, int32


def read_all(sess, lo, n):
    ids = placeholder(int32, shape=[None])
    queue = FIFOQueue(32, [int32], shapes=[[]])
    enqueue_op = queue.enqueue_many([ids])
    batch = queue.dequeue_up_to(4)

    def feed(sess):
        data = np.arange(lo, lo + n, dtype=np.int32)
        for i in range(0, n, 5):
            sess.run(enqueue_op, feed_dict={ids: data[i:i + 5]})
        sess.run(queue.close())

    thread = threading.Thread(target=feed, args=(sess,))
    thread.start()
    out = []
    try:
        while True:
            out.append([sess.run(batch).tolist()])
    except errors.OutOfRangeError:
        pass
    thread.join()
    return out


def read_some(sess, lo, steps):
    ids = placeholder(int32, shape=[None])
    queue = FIFOQueue(32, [int32], shapes=[[]])
    enqueue_op = queue.enqueue_many([ids])
    batch = queue.dequeue_up_to(4)

    def feed(sess):
        data = np.arange(lo, lo + 12, dtype=np.int32)
        for i in range(0, 12, 3):
            sess.run(enqueue_op, feed_dict={ids: data[i:i + 3]})
        sess.run(queue.close())

    thread = threading.Thread(target=feed, args=(sess,))
    thread.daemon = True
    thread.start()
    return [[sess.run(batch).tolist()] for _ in range(steps)]
