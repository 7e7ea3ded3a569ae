# -*- coding:utf-8 -*-

"""
@author: vat-room
@file: cheese_vats_input_csv.py
@time: 11/28/16 4:20 PM
"""

from __future__ import print_function
import os
import random

import tensorflow.compat.v1 as tf


def file_len(fname):
    with open(fname) as f:
        for i, l in enumerate(f):
            pass
    return i + 1


def _write_vats(path):
    rng = random.Random(4701)
    with open(path, "w") as f:
        f.write("milk_litres,rennet_ml,set_minutes,curd_ph,yield_kg\n")
        for _ in range(9):
            f.write("%d,%d,%d,%d,%d\n" % (rng.randint(800, 1200), rng.randint(150, 260),
                                          rng.randint(30, 50), rng.randint(60, 66), rng.randint(80, 120)))


def main(data_dir):
    folder = os.path.join(data_dir, "h47_cheese_vats")
    os.makedirs(folder, exist_ok=True)
    filename = os.path.join(folder, "csv_test_data.csv")
    _write_vats(filename)

    # setup text reader
    file_length = file_len(filename) - 1  # header line skipped by the reader
    filename_queue = tf.train.string_input_producer([filename])
    reader = tf.TextLineReader(skip_header_lines=1)
    _, csv_row = reader.read(filename_queue)

    # setup CSV decoding
    record_defaults = [[0], [0], [0], [0], [0]]
    col1, col2, col3, col4, col5 = tf.decode_csv(csv_row, record_defaults=record_defaults)

    # turn features back into a tensor
    features = tf.stack([col1, col2, col3, col4])

    # print("loading, " + str(file_length) + " line(s)\n")
    batches = []
    with tf.Session() as sess:
        tf.global_variables_initializer().run()

        # start populating filename queue
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        for i in range(file_length):
            # retrieve a single instance
            example, label = sess.run([features, col5])
            batches.append([[example.tolist()], [int(label)]])

        coord.request_stop()
        coord.join(threads)
        # print("\ndone loading")
    return {"batches": batches, "end": "vats: %d" % file_length}
