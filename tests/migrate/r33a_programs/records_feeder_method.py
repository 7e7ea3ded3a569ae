"""r33a_lib/records.py: a TFRecord reader class read by a method of another class, which makes the object and
dequeues two records a step from a FIFOQueue; 7 records, two epochs: 14, in 7 batches."""
import os

import tensorflow.compat.v1 as tf

from r33a_lib.records import Feeder


def write(data_dir):
    paths = []
    for part in range(2):
        path = os.path.join(data_dir, "r33a_records_%d.tfrecord" % part)
        with tf.io.TFRecordWriter(path) as w:
            for i in range(3 + part):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[part * 10 + i])),
                    "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"r%d" % i]))}))
                w.write(ex.SerializeToString())
        paths.append(path)
    return paths


def main(data_dir):
    x, name = Feeder(write(data_dir)).one_at_a_time()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, name])
                batches.append([a.tolist(), [v.decode() for v in b]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}
