"""`read_csv(filename, batch_size)`: the column count taken with Python's csv module, decode_csv of float defaults
under one name_scope and shuffle_batch of the decoded list under another."""
import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf


def read_csv(filename, batch_size):
    temporary_reader = csv.reader(open(filename))
    num_cols = len(next(temporary_reader))
    del temporary_reader

    with tf.name_scope("decoded_CSV_pipeline"):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=1)
        reader = tf.TextLineReader()
        key, value = reader.read(filename_queue)
        decoded = tf.decode_csv(value, record_defaults=[([0.0]) for _ in range(num_cols)])

    with tf.name_scope("shuffled_batching"):
        return tf.train.shuffle_batch(decoded,
                                      batch_size=batch_size,
                                      capacity=batch_size * 5,
                                      min_after_dequeue=batch_size * 2)


def main(data_dir):
    folder = os.path.join(data_dir, "h33_readcsv")
    os.makedirs(folder, exist_ok=True)
    filename = os.path.join(folder, "bikes.csv")
    rng = np.random.RandomState(3)
    with open(filename, "w") as f:
        for i in range(10):
            f.write("%d,%.2f,%.2f,%d\n" % (i, rng.uniform(0, 30), rng.uniform(0, 1), rng.randint(0, 400)))
    columns = read_csv(filename, 5)
    features = tf.stack(columns[1:3], axis=1)
    batches = []
    with tf.Session() as sess:
        tf.local_variables_initializer().run()
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                cols, feats = sess.run([columns, features])
                batches.append([np.round(c, 3).tolist() for c in cols] + [np.round(feats, 3).tolist()])
        except tf.errors.OutOfRangeError:
            end = "csv exhausted"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
