"""Tram stop boardings per hour, TFRecords, batched by four.

From tensorflow/tensorflow issue #10256 ("string_input_producer possible race while enqueuing":
'Exception in QueueRunner: Attempted to use a closed Session').  The script left the `with
tf.Session()` block before the runner threads were joined; the fix moves request_stop / join
inside the block.
"""
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

STOPS = ["Depot", "Market", "Bridge", "Harbour", "Museum"]


def _int64(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))


def _bytes(v):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def write_records(path):
    rng = np.random.RandomState(10256)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(10):
            ex = tf.train.Example(features=tf.train.Features(feature={
                "stop": _bytes(STOPS[i % 5].encode()),
                "hour": _int64(6 + i),
                "boardings": _int64(int(rng.randint(0, 80))),
            }))
            writer.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, "h62_tram_boardings")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "boardings-2013-01-01.tfrecords")
    write_records(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    feats = tf.parse_single_example(serialized, features={
        "stop": tf.FixedLenFeature([], tf.string),
        "hour": tf.FixedLenFeature([], tf.int64),
        "boardings": tf.FixedLenFeature([], tf.int64),
    })
    stop_b, hour_b, board_b = tf.train.batch([feats["stop"], feats["hour"], feats["boardings"]],
                                             batch_size=4, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, h, b = sess.run([stop_b, hour_b, board_b])
                batches.append([[x.decode() for x in s], h.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)  # inside the with: the session is still open
    return {"batches": batches, "end": "hours: %d" % sum(len(b[0]) for b in batches)}
