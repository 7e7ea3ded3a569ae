#!usr/bin/python
# -*- coding: utf-8 -*-
"""Cycling power meter rides: one record per 10 s window.

label  = normalised power / FTP
ids    = cadence bucket, gear bucket, crank side
values = left watts, right watts, cadence rpm
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from cyc50_lib.dataiter import read_batch

batch_size = 4
thread_num = 2
min_after_dequeue = 4
max_epoch = 1


def write_rides(out_dir):
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    rng = np.random.RandomState(5001)
    n = 0
    for part in range(2):
        path = os.path.join(out_dir, "power-part-%d.tfrecord" % part)
        writer = tf.python_io.TFRecordWriter(path)
        for k in range(6):
            left = float(rng.randint(90, 200))
            right = float(rng.randint(90, 200))
            cad = float(rng.randint(70, 105))
            ex = tf.train.Example(features=tf.train.Features(feature={
                "label": tf.train.Feature(float_list=tf.train.FloatList(value=[round((left + right) / 250.0, 3)])),
                "ids": tf.train.Feature(int64_list=tf.train.Int64List(value=[int(cad) // 10, n % 5, part])),
                "values": tf.train.Feature(float_list=tf.train.FloatList(value=[left, right, cad])),
            }))
            writer.write(ex.SerializeToString())
            n += 1
        writer.close()
    return os.path.join(out_dir, "power-part-*.tfrecord")


def main(data_dir):
    file_name = write_rides(os.path.join(data_dir, "h50_cycling_power_meter"))
    label, ids, values = read_batch(file_name, max_epoch, batch_size, thread_num, min_after_dequeue)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    with tf.Session() as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                l, i, v = sess.run([label, ids, values])
                batches.append([l.tolist(), i.tolist(), v.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print("Done training for %d epochs, %d steps." % (max_epoch, step))
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows: %d" % sum(len(b[0]) for b in batches)}
