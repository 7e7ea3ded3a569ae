"""TensorFlow's "Threading and Queues" shape: ``MyLoop(coord, i, sess, enqueue_op, (a_ph, b_ph), rows)`` workers,
one per slice, made by a comprehension; each unpacks the placeholders it is handed; a fixed dequeue_many loop."""
import json
import os
import threading

import tensorflow.compat.v1 as tf


def MyLoop(coord, worker_id, sess, enqueue_op, placeholders, rows):
    """Push one slice, then stop."""
    id_ph, score_ph = placeholders
    for r in rows:
        if coord.should_stop():
            break
        sess.run(enqueue_op, feed_dict={id_ph: r["id"], score_ph: r["score"] + worker_id})


def main(data_dir):
    folder = os.path.join(data_dir, "feedq2_myloop")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.json")
    with open(path, "w") as f:
        json.dump({"part%d" % p: [{"id": p * 10 + k, "score": 0.5 * k} for k in range(6)] for p in range(3)}, f)
    with open(path) as f:
        parts = json.load(f)
    id_ph = tf.placeholder(tf.int32, shape=[])
    score_ph = tf.placeholder(tf.float32, shape=[])
    queue = tf.FIFOQueue(capacity=4, dtypes=[tf.int32, tf.float32], shapes=[[], []])
    enqueue_op = queue.enqueue([id_ph, score_ph])
    ids, scores = queue.dequeue_many(3)
    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = [threading.Thread(target=MyLoop, args=(coord, i, sess, enqueue_op, (id_ph, score_ph),
                                                     parts["part%d" % i]))
               for i in range(3)]
    for t in threads:
        t.start()
    batches = []
    for _ in range(18 // 3):
        a, b = sess.run([ids, scores])
        batches.append([a.tolist(), b.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
