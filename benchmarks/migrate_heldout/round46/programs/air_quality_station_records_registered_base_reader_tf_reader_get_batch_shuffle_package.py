import os

import numpy as np
import tensorflow as tf

from aq46_lib import cf
from aq46_lib.reader.tf_reader import TFReader


def write_stations(path):
    os.makedirs(path, exist_ok=True)
    rng = np.random.RandomState(4604)
    n = 0
    for shard in range(3):
        with tf.io.TFRecordWriter(os.path.join(path, "stations-%d.tfr" % shard)) as w:
            for _ in range(4):
                hourly = rng.uniform(0, 150, size=cf.num_pollutants).astype(np.float32)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "station": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"ST%03d" % n])),
                    "hourly": tf.train.Feature(float_list=tf.train.FloatList(value=hourly.tolist())),
                    "aqi": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(hourly.max())]))}))
                w.write(ex.SerializeToString())
                n += 1


def main(data_dir):
    path = os.path.join(data_dir, "h46_air_stations")
    write_stations(path)
    reader = TFReader(path, num_epoch=1)
    stations, hourlies, aqis = reader.get_batch(cf.batch_size)
    worst = tf.argmax(hourlies, axis=1)

    results = []
    init = tf.group(tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer())
    with tf.compat.v1.Session() as sess:
        sess.run(init)
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while True:
                s, h, a, w = sess.run([stations, hourlies, aqis, worst])
                results.append([[x.decode() for x in s], np.round(h, 3).tolist(), a.tolist(), w.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": results, "end": "station hours: %d" % (len(results) * cf.batch_size)}
