import os

import numpy as np
import tensorflow.compat.v1 as tf

DATA_FILE = ['hot_springs.csv']
BATCH_SIZE = 4
NUM_FEATURES = 8


def data_generator(filename):
    """
    Generates Tensors in batches of size BATCH_SIZE.
    Args: String Tensor
    Filename from which data is to be read
    Returns: Tensors
    feature_batch and label_batch
    """
    f_queue = tf.train.string_input_producer(filename, num_epochs=1, seed=58)
    reader = tf.TextLineReader(skip_header_lines=1)  # Skips the first line
    _, value = reader.read(f_queue)

    # next we declare the default value to use in case a data is missing
    record_defaults = [[0.0] for _ in range(NUM_FEATURES)]
    data = tf.decode_csv(value, record_defaults=record_defaults)
    # a silica reading of 999 is the logger's "sensor saturated" code: zero the whole row
    condition = tf.equal(data[7], tf.constant(999.0))
    data = tf.where(condition, tf.zeros(NUM_FEATURES), data[:])
    features = tf.stack(tf.gather_nd(data, [[1], [3], [5]]))
    label = data[7]
    site = data[0]

    # minimum number elements in the queue after a dequeue, used to ensure
    # that the samples are sufficiently mixed
    # I think 10 times the BATCH_SIZE is sufficient
    min_after_dequeue = 2 * BATCH_SIZE
    capacity = 20 * BATCH_SIZE

    # shuffle the data to generate BATCH_SIZE sample pairs
    site_batch, feature_batch, label_batch = tf.train.shuffle_batch(
        [site, features, label], batch_size=BATCH_SIZE,
        capacity=capacity, min_after_dequeue=min_after_dequeue, seed=58)
    return site_batch, feature_batch, label_batch


def generate_data(site_batch, feature_batch, label_batch):
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        # intialize the queue threads
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for _ in range(3):
            # Get a batch of features and labels
            sites, features, labels = sess.run([site_batch, feature_batch, label_batch])
            out.append([sites.tolist(), features.tolist(), labels.tolist()])
            #print(features, "HI")
        coord.request_stop()
        coord.join(threads)
    return out


def write_assays(folder):
    rng = np.random.RandomState(12)
    with open(os.path.join(folder, DATA_FILE[0]), 'w') as f:
        f.write('site,temp_c,ph,conductivity,chloride,sulfate,arsenic,silica\n')
        for i in range(12):
            row = [i + 1, rng.uniform(40, 95), rng.uniform(2, 9), rng.uniform(100, 3000),
                   rng.uniform(5, 400), rng.uniform(5, 800), rng.uniform(0, 2), rng.uniform(50, 300)]
            if i in (4, 9):
                row[7] = 999.0
            f.write(','.join('%.2f' % v for v in row) + '\n')


def main(data_dir):
    folder = os.path.join(data_dir, 'h58_hot_springs')
    if not os.path.exists(folder):
        os.makedirs(folder)
    write_assays(folder)
    site_batch, feature_batch, label_batch = data_generator([os.path.join(folder, f) for f in DATA_FILE])
    batches = generate_data(site_batch, feature_batch, label_batch)
    return {"batches": batches, "end": "assays: %d" % sum(len(b[0]) for b in batches)}
