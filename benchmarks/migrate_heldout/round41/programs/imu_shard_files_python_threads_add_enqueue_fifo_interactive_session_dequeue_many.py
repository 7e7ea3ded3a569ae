"""Queues and threads, chapter-8 style: plain Python threads each run an enqueue op
in a loop (here, one thread per IMU log shard of a mobile robot), then the main
thread pulls dequeue_many batches through an InteractiveSession."""
import os
import threading
import time

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def write_imu_logs(folder, n_shards=3, rows_per_shard=4):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(7)
    paths = []
    for s in range(n_shards):
        rows = []
        for i in range(rows_per_shard):
            t = s * 100 + i
            ax, ay, az = rng.normal(0, 1, 3).round(3)
            gz = round(float(rng.normal(0, 0.2)), 3)
            rows.append("%d %.3f %.3f %.3f %.3f" % (t, ax, ay, az, gz))
        path = os.path.join(folder, "imu_%02d.log" % s)
        with open(path, "w") as f:
            f.write("\n".join(rows) + "\n")
        paths.append(path)
    return paths


def main(data_dir):
    paths = write_imu_logs(os.path.join(data_dir, "h41_imu_threads"))

    sess = tf1.InteractiveSession()
    stamp = tf1.placeholder(tf.int32, shape=())
    reading = tf1.placeholder(tf.float32, shape=(4,))
    queue = tf1.FIFOQueue(capacity=100, dtypes=[tf.int32, tf.float32], shapes=[(), (4,)])
    enque = queue.enqueue([stamp, reading])

    def add(path):
        for line in open(path):
            fields = line.split()
            sess.run(enque, feed_dict={stamp: int(fields[0]),
                                       reading: [float(v) for v in fields[1:]]})

    # Create one thread per shard that runs add()
    threads = [threading.Thread(target=add, args=(p,)) for p in paths]
    for t in threads:
        t.start()
    time.sleep(0.01)
    for t in threads:
        t.join()
    sess.run(queue.close())

    x = queue.dequeue_many(4)
    batches = []
    try:
        while True:
            stamps, values = sess.run(x)
            batches.append([stamps.tolist(),
                            np.round(values.astype(np.float64), 3).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    left = sess.run(queue.size())
    sess.close()
    return {"batches": batches,
            "end": "readings: %d, left in queue: %d" % (sum(len(b[0]) for b in batches), left)}
