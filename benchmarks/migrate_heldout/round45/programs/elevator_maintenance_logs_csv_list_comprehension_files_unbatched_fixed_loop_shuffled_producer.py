# This Python file uses the following encoding: utf-8

# Tensorflow 6강. File load in Tensorflow and Queue Thread
# 승강기 정비 기록 (elevator maintenance logs), 두 개의 CSV 파일

import os

import numpy as np
import tensorflow as tf


def write_logs(folder):
    rng = np.random.RandomState(4510)
    for n in range(2):
        with open(os.path.join(folder, 'elevator_log%d.csv' % n), 'w') as f:
            for i in range(6):
                # elevator id, floors, door cycles, trips, error code, motor temp,
                # days since service, technician, fault (0/1)
                row = [100 + n * 10 + i, rng.randint(4, 30), rng.randint(200, 5000),
                       rng.randint(50, 900), rng.choice([0, 0, 17, 23, 41]), rng.randint(35, 90),
                       rng.randint(0, 180), rng.randint(1, 6), 0]
                row[8] = 1 if (row[4] != 0 and row[6] > 60) else 0
                f.write(','.join(str(v) for v in row) + '\n')


def main(data_dir):
    folder = os.path.join(data_dir, 'h45_elevator_logs')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    write_logs(folder)

    # filename_queue = tf.train.string_input_producer(['elevator_log0.csv', 'elevator_log1.csv'])
    filename_queue = tf.compat.v1.train.string_input_producer(
        [os.path.join(folder, 'elevator_log%d.csv' % i) for i in range(2)], seed=4510)

    record_size = 12

    reader = tf.compat.v1.TextLineReader()
    key, value = reader.read(filename_queue)

    # Default values, in case of empty columns. Also specifies the type of the
    # decoded result.
    record_defaults = [[1], [1], [1], [1], [1], [1], [1], [1], [1]]
    col1, col2, col3, col4, col5, col6, col7, col8, col9 = tf.compat.v1.decode_csv(
        value, record_defaults=record_defaults
    )

    features = tf.stack([col1, col2, col3, col4, col5, col6, col7, col8, col9])

    batches = []
    with tf.compat.v1.Session() as sess:
        # Start populating the filename queue.
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)

        for i in range(record_size):
            # Retrieve a single instance:
            example, label = sess.run([features, col5])
            # print 'example : ', example, 'label : ', label
            batches.append([[example.tolist()], [int(label)]])

        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'log lines: %d' % len(batches)}
