"""A notebook-style script turned into a function: the table is read with the csv module into a numpy
matrix, features and targets are split by column and each gets its own `input_producer` over a constant,
whose `dequeue()` re-binds the same name; one `batch` of both. Ends when the single epoch runs out.
"""

import csv
import os

import numpy as np
import tensorflow as tf

batch_size = 16


def read_matrix(paths):
    rows = []
    for path in paths:
        with open(path) as f:
            reader = csv.reader(f)
            next(reader)  # header
            rows.extend([float(v) for v in row] for row in reader)
    return np.array(rows, dtype=np.float32)


def main(data_dir):
    # train_set
    train_set = read_matrix([os.path.join(data_dir, 'table-1.csv'), os.path.join(data_dir, 'table-2.csv')])
    x_train = train_set[:, 0:2]
    y_train = train_set[:, [2]]

    # for batch
    x_bt = tf.compat.v1.train.input_producer(tf.constant(np.asarray(x_train)), num_epochs=1, shuffle=False)
    y_bt = tf.compat.v1.train.input_producer(tf.constant(np.asarray(y_train)), num_epochs=1, shuffle=False)
    x_bt = x_bt.dequeue()
    y_bt = y_bt.dequeue()
    train_x_batch, train_y_batch = tf.compat.v1.train.batch([x_bt, y_bt], batch_size=batch_size)

    batches = []
    end = None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)
        while True:
            try:
                x_batch, y_batch = sess.run([train_x_batch, train_y_batch])
            except tf.errors.OutOfRangeError:
                end = 'OutOfRangeError'
                break
            batches.append([x_batch.tolist(), y_batch.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
