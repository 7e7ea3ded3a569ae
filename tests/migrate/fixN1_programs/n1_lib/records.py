"""Tiny TFRecord files of examples with a `raw` bytes feature (4 uint8) and an int64 `tag`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write(folder, count=8, seed=1):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, "rows.tfrecords")
    rng = np.random.RandomState(seed)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(count):
            raw = rng.randint(0, 256, size=4).astype(np.uint8)
            example = tf.train.Example(features=tf.train.Features(feature={
                "raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[raw.tobytes()])),
                "tag": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
            }))
            writer.write(example.SerializeToString())
    return path


def drain(tensors):
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got = sess.run(tensors)
                batches.append([g.tolist() for g in got])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
