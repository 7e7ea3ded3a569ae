#!/usr/bin/env ipython
# coding: utf-8
# tide gauge stretches of uneven length, padded per batch (organised like a
# PhysioNet-challenge ops.py: FLAGS hack, parse_example, get_batch_producer)

import os

import numpy as np
import tensorflow.compat.v1 as tf


class foo(object):
    pass
FLAGS = foo()
FLAGS.path = 'train.TFRecord'
FLAGS.batch_size = 3
FLAGS.capacity = 32
FLAGS.threads = 1


def parse_example(filename_queue):
    # Define how to parse the example

    reader = tf.TFRecordReader()
    _, example = reader.read(filename_queue)

    context_features = {
        'length': tf.FixedLenFeature([], dtype=tf.int64),
        'station': tf.FixedLenFeature([], dtype=tf.int64)
    }
    sequence_features = {
        'data': tf.FixedLenSequenceFeature([], dtype=tf.float32)
    }
    con_parsed, seq_parsed = tf.parse_single_sequence_example(
        serialized=example,
        context_features=context_features,
        sequence_features=sequence_features
    )
    res = (seq_parsed['data'],
        con_parsed['length'],
        con_parsed['station'])
    return res


def get_batch_producer(
    path=FLAGS.path,
    batch_size=FLAGS.batch_size,
    prefetch_size=FLAGS.capacity,
    num_of_threads=FLAGS.threads):

    filename_queue = tf.train.string_input_producer([path], num_epochs=1)
    data, seq_len, label = parse_example(filename_queue)
    seq_len = tf.cast(seq_len, tf.int32)
    label = tf.cast(label, tf.int32)
    q = tf.PaddingFIFOQueue(
        capacity=prefetch_size,
        dtypes=[tf.float32, tf.int32, tf.int32],
        shapes=[[None], [], []])

    enqueue_op = q.enqueue([data, seq_len, label])
    qr = tf.train.QueueRunner(q, [enqueue_op]*num_of_threads)
    tf.train.add_queue_runner(qr)
    batch_op = q.dequeue_many(n=batch_size)
    return batch_op


def write_records(path):
    rng = np.random.RandomState(49)
    writer = tf.python_io.TFRecordWriter(path)
    for i in range(9):
        n = 2 + i % 4
        levels = np.round(rng.uniform(-1.5, 2.5, size=n), 2)
        ex = tf.train.SequenceExample()
        ex.context.feature['length'].int64_list.value.append(n)
        ex.context.feature['station'].int64_list.value.append(100 + i)
        fl = ex.feature_lists.feature_list['data']
        for v in levels:
            fl.feature.add().float_list.value.append(float(v))
        writer.write(ex.SerializeToString())
    writer.close()


def main(data_dir):
    out = os.path.join(data_dir, 'h49_tidal_seq')
    if not os.path.isdir(out):
        os.makedirs(out)
    path = os.path.join(out, FLAGS.path)
    write_records(path)

    batch_op = get_batch_producer(path=path)
    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while True:
            data, lens, stations = sess.run(batch_op)
            batches.append([np.round(data.astype(np.float64), 4).tolist(), lens.tolist(), stations.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "stretches: %d" % sum(len(b[1]) for b in batches)}
