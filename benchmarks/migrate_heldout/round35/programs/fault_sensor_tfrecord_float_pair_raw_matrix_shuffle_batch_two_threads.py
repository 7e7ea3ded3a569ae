# -*- coding: utf-8 -*-
"""Fault prediction sensor records: a float `a`, an int pair `b`, a raw uint8 matrix `c`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_records(path):
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(9):
        c = (np.arange(6) + i * 6).astype(np.uint8)
        example = tf.train.Example(features=tf.train.Features(feature={
            'a': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.5])),
            'b': tf.train.Feature(int64_list=tf.train.Int64List(value=[i, i % 2])),
            'c': tf.train.Feature(bytes_list=tf.train.BytesList(value=[c.tobytes()])),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def main(data_dir):
    root = os.path.join(data_dir, 'h35_fault')
    os.makedirs(root, exist_ok=True)
    write_records(os.path.join(root, 'test.tfrecord'))
    # output file name string to a queue
    filename_queue = tf.train.string_input_producer([os.path.join(root, 'test.tfrecord')], num_epochs=1)
    # create a reader from file queue
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    # get feature from serialized example
    features = tf.parse_single_example(serialized_example,
                                       features={
                                           'a': tf.FixedLenFeature([], tf.float32),
                                           'b': tf.FixedLenFeature([2], tf.int64),
                                           'c': tf.FixedLenFeature([], tf.string)
                                       })
    a_out = features['a']
    b_out = features['b']
    c_raw_out = features['c']
    c_out = tf.decode_raw(c_raw_out, tf.uint8)
    c_out = tf.reshape(c_out, [2, 3])
    a_batch, b_batch, c_batch = tf.train.shuffle_batch([a_out, b_out, c_out], batch_size=3,
                                                       capacity=20, min_after_dequeue=5, num_threads=2)
    sess = tf.Session()
    init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess.run(init)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while True:
            a_val, b_val, c_val = sess.run([a_batch, b_batch, c_batch])
            batches.append([a_val.tolist(), b_val.tolist(), c_val.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "fault batches: %d" % len(batches)}
