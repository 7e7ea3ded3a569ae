"""Workers handed everything by keyword (``kwargs=dict(...)``), the placeholders as a list they index; made and
started in a loop, joined by the coordinator (``from tensorflow.compat.v1 import train``)."""
import csv
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def push(sess, op, phs, rows, coord):
    for row in rows:
        if coord.should_stop():
            return
        sess.run(op, feed_dict={phs[1]: float(row[1]), phs[0]: row[0]})


def main(data_dir):
    folder = os.path.join(data_dir, "feedq2_levels")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "levels.csv")
    with open(path, "w", newline="") as f:
        csv.writer(f).writerows([["st%d" % (k % 3), "%.2f" % (0.25 * k)] for k in range(12)])
    with open(path) as f:
        rows = list(csv.reader(f))
    station = tf.placeholder(tf.string, [])
    level = tf.placeholder(tf.float32, [])
    queue = tf.FIFOQueue(6, [tf.string, tf.float32], shapes=[[], []])
    enqueue = queue.enqueue([station, level])
    names, levels = queue.dequeue_many(4)
    sess = tf.Session()
    coord = train.Coordinator()
    ts = []
    for part in np.array_split(np.arange(len(rows)), 2):
        t = threading.Thread(target=push, kwargs=dict(sess=sess, op=enqueue, phs=[station, level],
                                                      rows=[rows[k] for k in part], coord=coord))
        t.start()
        ts.append(t)
    batches = []
    for _ in range(3):
        a, b = sess.run([names, levels])
        batches.append([[x.decode() for x in a], b.tolist()])
    coord.request_stop()
    coord.join(ts)
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
