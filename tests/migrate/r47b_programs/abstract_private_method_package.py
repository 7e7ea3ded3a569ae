import os

import numpy as np
import tensorflow as tf

from r47b_lib.meter_reader import MeterReader


def write(path):
    os.makedirs(path, exist_ok=True)
    n = 0
    for shard in range(2):
        with tf.io.TFRecordWriter(os.path.join(path, "m-%d.tfr" % shard)) as w:
            for _ in range(6):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "meter": tf.train.Feature(int64_list=tf.train.Int64List(value=[n])),
                    "kwh": tf.train.Feature(float_list=tf.train.FloatList(value=[n * 0.5, n * 1.5]))}))
                w.write(ex.SerializeToString())
                n += 1


def main(data_dir):
    path = os.path.join(data_dir, "r47b_meters")
    write(path)
    reader = MeterReader(path, num_epoch=1)
    meters, kwhs = reader.get_batch(3)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while True:
                m, k = sess.run([meters, kwhs])
                batches.append([m.tolist(), np.round(k, 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "meters: %d" % sum(len(b[0]) for b in batches)}
