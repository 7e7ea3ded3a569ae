# Fencing touches of a pool round, pushed once into a FIFOQueue and taken out by three dequeue ops
# made in a loop, run one per sess.run call in turn.
# From tensorflow/tensorflow issue #7038 ("multiple dequeue ops are optimized away in latest TF",
# from the Stack Overflow question on sharing one queue between several consumers): running
# [q.dequeue(), q.dequeue(), q.dequeue()] in one call dequeued once; the work-around used here
# runs each dequeue op in its own call.
import os
import csv
import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    folder = os.path.join(data_dir, "h62_fencing_touches")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "pool_a.csv")
    rng = np.random.RandomState(7038)
    fencers = ["ALVES", "BRUNO", "CHEN", "DIAZ"]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        for touch in range(12):
            w.writerow([touch // 3, fencers[rng.randint(0, 4)]])

    bouts, scorers = [], []
    with open(path) as f:
        for row in csv.reader(f):
            bouts.append(int(row[0]))
            scorers.append(row[1])

    q = tf.FIFOQueue(capacity=30, dtypes=[tf.int32, tf.string], shapes=[[], []])
    bout_ph = tf.placeholder(tf.int32, [None])
    scorer_ph = tf.placeholder(tf.string, [None])
    enqueue_op = q.enqueue_many([bout_ph, scorer_ph])
    close_op = q.close()
    dequeue_ops = []
    for i in range(3):
        dequeue_ops.append(q.dequeue(name="referee_%d" % i))

    batches = []
    sess = tf.Session()
    sess.run(enqueue_op, feed_dict={bout_ph: bouts, scorer_ph: scorers})
    sess.run(close_op)
    size = sess.run(q.size())
    i = 0
    while True:
        try:
            b, s = sess.run(dequeue_ops[i % 3])
        except tf.errors.OutOfRangeError:
            break
        batches.append([[int(b)], [s.decode()]])
        i += 1
    sess.close()
    return {"batches": batches, "end": {"queued": int(size), "touches": i}}
