import os

import numpy as np
import tensorflow as tf

from stamp59_lib.batching import single_pass
from stamp59_lib import stamps_input

BATCH_SIZE = 4
NUM_TEST = 12


def write_catalogue(path):
    rng = np.random.RandomState(8859)
    countries = ['NZ', 'IS', 'PT', 'CL']
    with open(path, 'w') as f:
        f.write(','.join(stamps_input.CSV_COLUMNS) + '\n')
        for i in range(NUM_TEST):
            f.write('%d,%s,%d,%.2f,%.1f\n' % (5900 + i, countries[i % 4], 1900 + rng.randint(0, 100),
                                             rng.randint(1, 500) / 100.0, 11 + rng.randint(0, 6) / 2.0))


def main(data_dir):
    folder = os.path.join(data_dir, 'h59_postage_stamps')
    if not os.path.isdir(folder):
        os.makedirs(folder)
        write_catalogue(os.path.join(folder, 'test_catalogue.csv'))

    test_batch = stamps_input.test_batcher(os.path.join(folder, 'test_catalogue.csv'), BATCH_SIZE)
    test_batch, last_batch = single_pass(test_batch, NUM_TEST // BATCH_SIZE, 'test_pass')

    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)

    batches = []
    while True:
        values, last = sess.run([test_batch, last_batch])
        batches.append([values[0].tolist(), [c.decode() for c in values[1]], values[2].tolist(), values[3].tolist()])
        if last:
            break

    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "is_last after %d batches" % len(batches)}
