"""Assignment 2 utilities: reading the bout results.

You do not need to change anything in this file.
"""
import os
import numpy as np
import tensorflow.compat.v1 as tf

N_FEATURES = 3
BATCH_SIZE = 4


def make_bouts(folder, n=16):
    rng = np.random.RandomState(61)
    if not os.path.exists(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'bouts.csv')
    with open(path, 'w') as f:
        f.write('bout,east_kg,west_kg,day,east_won\n')
        for i in range(n):
            f.write('%d,%d,%d,%d,%d\n' % (i, rng.randint(120, 200), rng.randint(120, 200),
                                          rng.randint(1, 16), rng.randint(0, 2)))
    return path


def read_bouts(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    record_defaults = [[0] for _ in range(N_FEATURES + 2)]
    content = tf.decode_csv(value, record_defaults=record_defaults)
    bout = content[0]
    features = tf.cast(tf.stack(content[1:N_FEATURES + 1]), tf.float32)
    label = content[-1]
    return bout, features, label


def input_pipeline(filenames, batch_size=BATCH_SIZE, num_epochs=1):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs)
    bout, features, label = read_bouts(filename_queue)
    min_after_dequeue = 4
    capacity = min_after_dequeue + 3 * batch_size
    return tf.train.shuffle_batch([bout, features, label], batch_size=batch_size,
                                  capacity=capacity, min_after_dequeue=min_after_dequeue, seed=61)
