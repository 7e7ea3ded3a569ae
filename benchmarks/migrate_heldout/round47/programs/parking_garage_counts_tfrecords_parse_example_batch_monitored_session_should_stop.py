"""Parking garage level counts: TFRecords read in a MonitoredSession that ends the loop itself."""
import os
import random

import numpy as np
import tensorflow as tf

tf.compat.v1.disable_v2_behavior

LEVELS = 3


def write_counts(path):
    rng = random.Random(4714)
    with tf.io.TFRecordWriter(path) as writer:
        for hour in range(9):
            free = [rng.randint(0, 40) for _ in range(LEVELS)]
            ex = tf.train.Example(features=tf.train.Features(feature={
                "hour": tf.train.Feature(int64_list=tf.train.Int64List(value=[hour + 7])),
                "free": tf.train.Feature(int64_list=tf.train.Int64List(value=free)),
                "garage": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"P%d" % (hour % 2)])),
            }))
            writer.write(ex.SerializeToString())


def get_batch(path, batch_size):
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, serialized = tf.compat.v1.TFRecordReader().read(queue)
    feats = tf.io.parse_single_example(serialized, {
        "hour": tf.io.FixedLenFeature([], tf.int64),
        "free": tf.io.FixedLenFeature([LEVELS], tf.int64),
        "garage": tf.io.FixedLenFeature([], tf.string),
    })
    occupancy = 1.0 - tf.cast(feats["free"], tf.float32) / 40.0
    return tf.compat.v1.train.batch([feats["garage"], feats["hour"], occupancy], batch_size=batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, "h47_parking_garage")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "counts.tfrecord")
    write_counts(path)

    garage, hour, occupancy = get_batch(path, 3)
    global_step = tf.compat.v1.train.get_or_create_global_step()
    step_op = tf.compat.v1.assign_add(global_step, 1)

    batches = []
    with tf.compat.v1.train.MonitoredSession() as sess:
        while not sess.should_stop():
            g, h, o, _ = sess.run([garage, hour, occupancy, step_op])
            batches.append([[x.decode() for x in g], h.tolist(), np.round(o.astype(np.float64), 4).tolist()])
    return {"batches": batches, "end": "hours: %d" % sum(len(b[1]) for b in batches)}
