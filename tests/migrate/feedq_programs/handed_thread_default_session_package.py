"""Sensor rows fed by a thread subclass of another module that runs its ops on the default session."""
import json
import os

import numpy as np
import tensorflow as tf

from feedq_lib import QueueFeeder

tf1 = tf.compat.v1


def read_rows(path):
    with open(path) as f:
        return [(r["id"], np.asarray(r["vec"], np.float32)) for r in map(json.loads, f)]


def main(data_dir):
    folder = os.path.join(data_dir, "feedq_sensors")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.jsonl")
    rng = np.random.RandomState(7)
    with open(path, "w") as f:
        for i in range(8):
            f.write(json.dumps({"id": 100 + i, "vec": np.round(rng.rand(3), 3).tolist()}) + "\n")
    placeholders = [tf1.placeholder(tf.int64, [], name="id"), tf1.placeholder(tf.float32, [3], name="vec")]
    feeder = QueueFeeder(read_rows(path), placeholders)
    ids, vecs = feeder.dequeue(2)
    norm = tf.reduce_sum(vecs * vecs, axis=1)
    batches = []
    sess = tf1.Session()
    feeder.sess = sess
    feeder.start()
    try:
        while True:
            i, v, n = sess.run([ids, vecs, norm])
            batches.append([i.tolist(), np.round(v.astype(np.float64), 3).tolist(),
                            np.round(n.astype(np.float64), 3).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    feeder.join()
    sess.close()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
