import json
import os
import random

import numpy as np
import tensorflow as tf

import sail47_lib

tf1 = tf.compat.v1


def _write_log(path):
    rng = random.Random(4708)
    with open(path, "w") as f:
        for _ in range(10):
            f.write(json.dumps({"bsp": round(rng.uniform(4, 11), 2), "heel": round(rng.uniform(0, 25), 1),
                                "tws": round(rng.uniform(6, 22), 1), "twa": rng.randint(35, 170)}) + "\n")


def main(data_dir):
    folder = os.path.join(data_dir, "h47_yacht_telemetry")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "nmea_leg1.jsonl")
    _write_log(path)
    dataset = sail47_lib.TelemetryDataset(path)

    queue = tf1.FIFOQueue(capacity=16, dtypes=[tf.float32, tf.float32, tf.float32], shapes=[[], [], [2]])
    boat_speed, heel, wind = queue.dequeue_up_to(4)
    vmg = boat_speed * tf.cos(wind[:, 1] * np.pi / 180.0)

    sess = tf1.Session()
    coord = tf1.train.Coordinator()
    thread = sail47_lib.enqueue(sess, queue, dataset, coord, num_epoch=1, enqueue_size=3)
    batches = []
    while True:
        try:
            bs, h, w, v = sess.run([boat_speed, heel, wind, vmg])
        except tf.errors.OutOfRangeError:
            break
        r = lambda a: np.round(a.astype(np.float64), 3).tolist()
        batches.append([r(bs), r(h), r(w), r(v)])
    coord.join([thread])
    sess.close()
    return {"batches": batches, "end": "samples: %d" % sum(len(b[0]) for b in batches)}
