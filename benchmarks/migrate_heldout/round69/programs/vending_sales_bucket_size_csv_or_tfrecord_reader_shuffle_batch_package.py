#!/usr/bin/env python
# -*-coding: utf-8-*-
# Vending-machine sell-out prediction, after an unnamed recommender-system `util` excerpt (`BUCKET_SIZE = 100`,
# Chinese comments, `read_and_decode_tfrecord(filename_queue, feature_size)` and `read_and_decode_csv(
# filename_queue)` both returning `(label, features)`) and the trainer shape it serves: a FLAGS-like config picking
# the reader by `input_file_format`, `match_filenames_once` into a producer with `epoch_number`, a
# `shuffle_batch(num_threads=thread_number)`, a `while not coord.should_stop()` loop to `OutOfRangeError`.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from vending69_rec.util import read_and_decode_csv, read_and_decode_tfrecord


class FLAGS(object):
    input_file_format = "csv"
    train_file = None
    feature_size = 6
    batch_size = 4
    epoch_number = 1
    thread_number = 2
    min_after_dequeue = 8


def main(data_dir):
    out = os.path.join(data_dir, "h69_vending")
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(69)
    for part in range(2):
        with open(os.path.join(out, "sales_%d.csv" % part), "w") as f:
            for n in range(6):
                # temperature, hour, weekday, price, stock left, footfall, units sold (label)
                row = [rng.randint(-5, 35), rng.randint(0, 24), rng.randint(0, 7), rng.choice([1.2, 1.5, 2.0]),
                       rng.randint(0, 40), rng.randint(10, 300), part * 6 + n]
                f.write(",".join(str(v) for v in row) + "\n")
    FLAGS.train_file = os.path.join(out, "sales_*.csv")

    batch_size = FLAGS.batch_size
    epoch_number = FLAGS.epoch_number
    thread_number = FLAGS.thread_number
    min_after_dequeue = FLAGS.min_after_dequeue
    capacity = thread_number * batch_size + min_after_dequeue

    # a resource variable under TF 2.x: read as a tensor before the producer's truth test
    filename_queue = tf.train.string_input_producer(
        tf.convert_to_tensor(tf.train.match_filenames_once(FLAGS.train_file)), num_epochs=epoch_number)
    if FLAGS.input_file_format == "tfrecords":
        label, features = read_and_decode_tfrecord(filename_queue, FLAGS.feature_size)
    elif FLAGS.input_file_format == "csv":
        label, features = read_and_decode_csv(filename_queue)
    batch_labels, batch_features = tf.train.shuffle_batch(
        [label, features],
        batch_size=batch_size,
        num_threads=thread_number,
        capacity=capacity,
        min_after_dequeue=min_after_dequeue,
        seed=69)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord, sess=sess)
        try:
            while not coord.should_stop():
                l, f = sess.run([batch_labels, batch_features])
                batches.append([l.tolist(), np.round(f, 2).tolist()])
        except tf.errors.OutOfRangeError:
            print("Done training after reading all data")
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "sales rows: %d" % sum(len(b[0]) for b in batches)}
