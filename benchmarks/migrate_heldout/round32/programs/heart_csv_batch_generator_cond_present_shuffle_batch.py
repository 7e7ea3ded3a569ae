""" CS 20SI style CSV reader on the heart dataset: batch_generator(filenames) with TextLineReader(skip_header_lines=1),
record defaults with a string column, famhist 'Present' turned into 1.0 by tf.cond inside the reader, the features
stacked, shuffle_batch; generate_batches loops a session over the batches.
"""
import os

import numpy as np
import tensorflow as tf

DATA_PATH = 'data/heart.csv'
BATCH_SIZE = 3
N_FEATURES = 9


def batch_generator(filenames):
    """ filenames is the list of files you want to read from.
    In this case, it contains only heart.csv
    """
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=1)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)  # skip the first line in the file
    _, value = reader.read(filename_queue)

    # record_defaults are the default values in case some of our columns are empty
    # This is also to tell tensorflow the format of our data (the type of the decode result)
    # for this dataset, out of 9 feature columns,
    # 8 of them are floats (some are integers, but to make our features homogenous,
    # we consider them floats), and 1 is string (at position 5)
    # the last column corresponds to the lable is an integer

    record_defaults = [[1.0] for _ in range(N_FEATURES)]
    record_defaults[4] = ['']
    record_defaults.append([1])

    # read in the 10 rows of data
    content = tf.io.decode_csv(value, record_defaults=record_defaults)

    # convert the 5th column (present/absent) to the binary value 0 and 1
    content[4] = tf.cond(tf.equal(content[4], tf.constant('Present')), lambda: tf.constant(1.0),
                         lambda: tf.constant(0.0))

    # pack all 9 features into a tensor
    features = tf.stack(content[:N_FEATURES])

    # assign the last column to label
    label = content[-1]

    # minimum number elements in the queue after a dequeue, used to ensure
    # that the samples are sufficiently mixed
    # I think 10 times the BATCH_SIZE is sufficient
    min_after_dequeue = 2 * BATCH_SIZE

    # the maximum number of elements in the queue
    capacity = 4 * BATCH_SIZE

    # shuffle the data to generate BATCH_SIZE sample pairs
    data_batch, label_batch = tf.compat.v1.train.shuffle_batch([features, label], batch_size=BATCH_SIZE,
                                                               capacity=capacity,
                                                               min_after_dequeue=min_after_dequeue)

    return data_batch, label_batch


def generate_batches(data_batch, label_batch):
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)
        try:
            for _ in range(10):  # generate 10 batches
                features, labels = sess.run([data_batch, label_batch])
                out.append([[round(float(x), 2) for x in f] + [int(l)] for f, l in zip(features, labels)])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    root = os.path.join(data_dir, 'h32_heart')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'heart.csv')
    rng = np.random.RandomState(9)
    with open(path, 'w') as f:
        f.write('sbp,tobacco,ldl,adiposity,famhist,typea,obesity,alcohol,age,chd\n')
        for i in range(12):
            vals = [int(rng.randint(100, 200)), round(float(rng.uniform(0, 10)), 2),
                    round(float(rng.uniform(1, 8)), 2), round(float(rng.uniform(10, 40)), 2),
                    'Present' if rng.rand() < 0.5 else 'Absent', int(rng.randint(20, 70)),
                    round(float(rng.uniform(18, 40)), 2), round(float(rng.uniform(0, 50)), 2),
                    int(rng.randint(20, 65)), int(rng.randint(0, 2))]
            f.write(','.join(str(v) for v in vals) + '\n')
    data_batch, label_batch = batch_generator([path])
    batches = generate_batches(data_batch, label_batch)
    return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': 'generated %d batches' % len(batches)}
