# -*- coding: utf-8 -*-
import os
import argparse

import numpy as np
import tensorflow as tf

from circ54_lib.readAndDecode import _read_and_decode


def _write_routines(path):
    rng = np.random.RandomState(54)
    writer = tf.compat.v1.python_io.TFRecordWriter(path)
    for i in range(12):
        pose = rng.randint(0, 256, size=(2, 3)).astype(np.uint8)
        ex = tf.train.Example(features=tf.train.Features(feature={
            'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
            'routine': tf.train.Feature(int64_list=tf.train.Int64List(value=[100 + i])),
            'img_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[pose.tobytes()])),
        }))
        writer.write(ex.SerializeToString())
    writer.close()


def main(data_dir):
    out = os.path.join(data_dir, "h54_acrobat_routines")
    if not os.path.exists(out):
        os.makedirs(out)
    record = os.path.join(out, "routines.tfrecords")
    _write_routines(record)

    parser = argparse.ArgumentParser()
    parser.add_argument("--tfrecord", required=True, help="where to get input tfrecords")
    a = parser.parse_args(["--tfrecord", record])

    img, label, routine = _read_and_decode(a.tfrecord, width=3, height=2)

    # 使用shuffle_batch可以随机打乱输入
    img_batch, label_batch, routine_batch = tf.compat.v1.train.shuffle_batch([img, label, routine],
                                                                           num_threads=2,
                                                                           batch_size=4,
                                                                           capacity=20,
                                                                           min_after_dequeue=4,
                                                                           seed=54)

    init = tf.compat.v1.global_variables_initializer()
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(init)
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for i in range(30):
            try:
                val, l, r = sess.run([img_batch, label_batch, routine_batch])
            except tf.errors.OutOfRangeError:
                break
            # print(val.shape)
            # print(l)
            batches.append([np.round(val.reshape(len(l), -1).astype(np.float64), 5).tolist(),
                            l.tolist(), r.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "routines: %d" % sum(len(b[1]) for b in batches)}
