"""Iris CSV, two epochs, decode_csv with record_defaults, shuffle_batch on three threads, a MonitoredSession."""
import os

import numpy as np
from tensorflow.compat import v1 as tf

COLUMNS = ['sepal_length', 'sepal_width', 'petal_length', 'petal_width', 'species']
RECORD_DEFAULTS = [[0.0], [0.0], [0.0], [0.0], [0]]
BATCH_SIZE = 4
NUM_EPOCHS = 2


def write_csv(path):
    rng = np.random.RandomState(11)
    with open(path, 'w') as f:
        for i in range(12):
            species = i % 3
            row = np.round(rng.uniform(1.0, 7.0, size=4), 1)
            f.write('%s,%d\n' % (','.join('%.1f' % v for v in row), species))


def input_pipeline(filenames, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True, seed=5)
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    col1, col2, col3, col4, col5 = tf.decode_csv(value, record_defaults=RECORD_DEFAULTS)
    features = tf.stack([col1, col2, col3, col4])
    label = tf.one_hot(col5, depth=3, dtype=tf.int32)
    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * batch_size
    feature_batch, label_batch = tf.train.shuffle_batch(
        [features, label], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, num_threads=3, seed=7)
    return feature_batch, label_batch


def main(data_dir):
    root = os.path.join(data_dir, 'h29_iris_csv_record_defaults_shuffle_batch_monitored')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'iris_training.csv')
    write_csv(path)

    feature_batch, label_batch = input_pipeline([path], BATCH_SIZE, num_epochs=NUM_EPOCHS)

    batches = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            x, y = sess.run([feature_batch, label_batch])
            batches.append([[[round(float(v), 1) for v in row] for row in x], y.tolist()])
    return {'batches': batches, 'end': 'monitored session stopped after %d batches' % len(batches)}
