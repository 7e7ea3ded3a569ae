"""r38f_lib's DataQueue (another module): two instances, each fed by a thread this program makes on its
``thread_main`` with a generator of chunks in its args (``from tensorflow.compat.v1 import train``); 11 and 8
rows in batches of 2 (the 11th never arrives)."""
import collections
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r38f_lib.data_queue import DataQueue


def chunks(n, size, base):
    for start in range(0, n, size):
        stop = min(n, start + size)
        yield (np.arange(start, stop, dtype=np.float32)[:, None] * [1.0, -1.0] + base,
               np.arange(start, stop, dtype=np.int32) + int(base))


def main(data_dir):
    os.makedirs(os.path.join(data_dir, 'r38f_outside_package'), exist_ok=True)
    left = DataQueue(collections.OrderedDict([("xy", tf.placeholder(tf.float32, [None, 2])),
                                              ("id", tf.placeholder(tf.int32, [None]))]))
    right = DataQueue(collections.OrderedDict([("xy", tf.placeholder(tf.float32, [None, 2])),
                                               ("id", tf.placeholder(tf.int32, [None]))]))
    a, b = left.dequeue(2), right.dequeue(2)
    batches = []
    sess = tf.Session()
    coord = train.Coordinator()
    t = threading.Thread(target=left.thread_main, args=(sess, coord, chunks(11, 3, 0)))
    t.daemon = True
    t.start()
    threading.Thread(target=right.thread_main, args=(sess, coord, chunks(8, 5, 100))).start()
    try:
        while not coord.should_stop():
            x = sess.run(a)
            batches.append([x["xy"].tolist(), x["id"].tolist()])
            y = sess.run(b) if len(batches) <= 4 else None
            if y is not None:
                batches.append([y["xy"].tolist(), y["id"].tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join([t])
    sess.close()
    return {"batches": batches, "end": end}
