"""feed33_lib/: a DataQueue class over an OrderedDict of placeholders, a thread_main feeding enqueue_many chunks
under a Coordinator and closing the queue, dequeue_many(4) into a dict."""
import collections
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from feed33_lib import hours
from feed33_lib.data_queue import DataQueue


def main(data_dir):
    folder = os.path.join(data_dir, "h33_bikes")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "hour.csv")
    with open(path, "w") as f:
        for i in range(12):
            f.write("%d,%d,%.1f,%d\n" % (i % 24, i % 7, 10 + i * 0.5, 20 * i + 3))
    features, counts = hours.load_hours(path)
    placeholders = collections.OrderedDict([
        ("features", tf.placeholder(tf.float32, [None, 3])),
        ("count", tf.placeholder(tf.int32, [None])),
    ])
    data_queue = DataQueue(placeholders)
    batch = data_queue.dequeue(4)
    log_count = tf.log1p(tf.cast(batch["count"], tf.float32))
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    t = threading.Thread(target=data_queue.thread_main,
                         args=(sess, coord, hours.chunks(features, counts, 5)))
    t.daemon = True
    t.start()
    try:
        while not coord.should_stop():
            b, lc = sess.run([batch, log_count])
            batches.append([b["features"].tolist(), b["count"].tolist(), np.round(lc, 4).tolist()])
    except tf.errors.OutOfRangeError:
        end = "feeder closed the queue, %d batches" % len(batches)
    coord.request_stop()
    coord.join([t])
    sess.close()
    return {"batches": batches, "end": end}
