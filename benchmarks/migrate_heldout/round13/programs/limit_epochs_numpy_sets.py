"""In-memory arrays (an MNIST-style `read_data_sets` filling a DataSets object from CSV with numpy), each array
wrapped in `tf.train.limit_epochs` and fed to `tf.train.batch(enqueue_many=True)`."""

import os

import numpy as np
import tensorflow.compat.v1 as tf


class DataSet(object):
    pass


class DataSets(object):
    pass


def read_data_sets(data_dir):
    rows = []
    for i in range(3):
        rows.append(np.loadtxt(os.path.join(data_dir, "table-%d.csv" % i), delimiter=",", skiprows=1))
    table = np.concatenate(rows)
    data_sets = DataSets()
    data_sets.train = DataSet()
    data_sets.train.features = table[:120, :2].astype(np.float32)
    data_sets.train.labels = table[:120, 2].astype(np.int32)
    data_sets.test = DataSet()
    data_sets.test.features = table[120:, :2].astype(np.float32)
    data_sets.test.labels = table[120:, 2].astype(np.int32)
    return data_sets


def batches_of(data_set, batch_size, num_epochs):
    features = tf.train.limit_epochs(tf.constant(data_set.features), num_epochs=num_epochs)
    labels = tf.train.limit_epochs(tf.constant(data_set.labels), num_epochs=num_epochs)
    return tf.train.batch([features, labels], batch_size=batch_size, enqueue_many=True,
                          allow_smaller_final_batch=True)


def main(data_dir):
    data_sets = read_data_sets(data_dir)
    features, labels = batches_of(data_sets.train, batch_size=25, num_epochs=2)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                features_v, labels_v = sess.run([features, labels])
                batches.append([features_v.tolist(), labels_v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
